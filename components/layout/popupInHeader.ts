/**
 * Header menus open inside the sticky header rather than in <body>: placed
 * in page coordinates they drift off-screen or realign while the page is
 * scrolled, and a click can land as they move.
 */
export const popupInHeader = (trigger: HTMLElement): HTMLElement => trigger.closest('header') ?? document.body;
