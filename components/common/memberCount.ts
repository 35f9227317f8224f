/** "1 member", "12 members". */
export const memberCount = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;
