import { seededRandom } from '../contents/corpus';

/**
 * The Ask evaluation set: a fictional company handbook, generated from a
 * seed so every run writes and asks the same. Each office, product and team
 * has a note holding its facts among filler paragraphs (and a distractor
 * sentence naming it without the fact); every fact has a question, worded
 * differently from the sentence that holds it, and the fact string the
 * answer must contain. Filler notes on the same subjects (offices, teams,
 * prices, meetings) compete with the notes that hold the answers.
 */

export interface HandbookNote {
  title: string;
  body: string;
}

export interface EvaluationQuestion {
  question: string;
  /** What the answer must contain. */
  fact: string;
  /** The title of the note that holds it. */
  note: string;
}

export interface Handbook {
  notes: HandbookNote[];
  questions: EvaluationQuestion[];
  /** Questions about offices, products and teams the handbook does not have: the answer must say it could not find one. */
  unanswerable: string[];
  /** A filler note, the same for the same index in every run. */
  filler: (index: number) => HandbookNote;
}

const CITIES = [
  'Lisbon', 'Porto', 'Madrid', 'Seville', 'Lyon', 'Marseille', 'Ghent', 'Antwerp', 'Utrecht', 'Leiden', 'Bremen', 'Leipzig',
  'Dresden', 'Krakow', 'Gdansk', 'Brno', 'Graz', 'Salzburg', 'Turin', 'Bologna', 'Verona', 'Tampere', 'Bergen', 'Aarhus', 'Malmo',
];
const PRODUCTS = [
  'Quillon', 'Sparrowdesk', 'Tidebook', 'Lanternly', 'Moorgate', 'Fernpost', 'Hollowtree', 'Brightwell', 'Cobaltine', 'Driftwood',
  'Emberline', 'Foxglove', 'Glimmerset', 'Harbourlight', 'Inkwell', 'Juniper', 'Kestrelnet', 'Lodestar', 'Marigold', 'Nettlefield',
  'Oakenshaw', 'Pebblestone', 'Quartzite', 'Rosemere', 'Saltmarsh',
];
const TEAMS = [
  'Atlas', 'Beacon', 'Cinder', 'Delta', 'Echo', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Jasper', 'Kepler', 'Lumen', 'Meridian', 'Nimbus',
  'Orion', 'Pioneer', 'Quasar', 'Raven', 'Summit', 'Tundra',
];
const FIRST = ['Ada', 'Bruno', 'Clara', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Karin', 'Luca', 'Mira', 'Nils', 'Olga', 'Pavel', 'Rosa', 'Sven', 'Tara', 'Viktor'];
const LAST = ['Almeida', 'Berger', 'Castillo', 'Dufour', 'Eriksen', 'Fischer', 'Gomes', 'Horvat', 'Iversen', 'Jansen', 'Kowalski', 'Laurent', 'Moreau', 'Novak', 'Ortega', 'Petrov', 'Quist', 'Rossi', 'Svensson', 'Toth'];
const STREETS = ['Harbour', 'Mill', 'Chapel', 'Orchard', 'Station', 'Market', 'Bridge', 'Garden', 'Castle', 'River'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** Everyday handbook prose: the words every note shares, so the rare ones must carry the answer. */
const FILLER_SENTENCES = [
  'Every office keeps a shared calendar for meeting rooms and visitors.',
  'Teams review their goals at the start of each quarter and share a short summary.',
  'Product prices are reviewed once a year by the finance team.',
  'New employees meet their team lead in the first week.',
  'The office kitchen is cleaned every evening after six.',
  'Questions about the handbook go to the people operations team.',
  'Each team writes down its decisions in the team notes.',
  'The company pays for one training course per person each year.',
  'Visitors sign in at the front desk of the office.',
  'Product updates are announced in the monthly newsletter.',
  'The launch of a product is planned with marketing and support.',
  'Meeting notes are shared with the whole team within a day.',
  'Managers hold a short check-in with each person every two weeks.',
  'Expenses are approved by the manager of the team.',
  'The company closes between Christmas and New Year.',
  'Office supplies are ordered through the facilities team.',
  'Every product has a support page and a price list.',
  'Team offsites are planned a season ahead.',
];

export function createHandbook(seed = 20_261_126): Handbook {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const person = () => `${pick(FIRST)} ${pick(LAST)}`;
  const filler = (count: number) => Array.from({ length: count }, () => pick(FILLER_SENTENCES)).join(' ');
  /** Filler paragraphs with the note's own sentences placed among them. */
  const noteBody = (heading: string, sentences: string[]) =>
    [`## ${heading}`, filler(3), ...sentences.flatMap((sentence) => [sentence, filler(2)]), filler(3)].join('\n\n');

  const notes: HandbookNote[] = [];
  const questions: EvaluationQuestion[] = [];

  for (const city of CITIES) {
    const title = `${city} office`;
    const address = `${between(2, 180)} ${pick(STREETS)} Street`;
    const manager = person();
    const desks = String(between(12, 240));
    notes.push({ title, body: noteBody(`The ${city} office`, [
      `Our ${city} office is located at ${address}, next to the tram stop.`,
      `${manager} manages the ${city} office and approves its budget.`,
      `The ${city} office has ${desks} desks on two floors.`,
      `The ${city} office newsletter goes out on the first Monday of the month.`,
    ]) });
    questions.push(
      { question: `What is the address of the ${city} office?`, fact: address, note: title },
      { question: `Who manages the ${city} office?`, fact: manager, note: title },
      { question: `How many desks does the ${city} office have?`, fact: desks, note: title },
    );
  }
  for (const product of PRODUCTS) {
    const title = `${product} product sheet`;
    const price = `${between(4, 99)} euros`;
    const year = String(between(2009, 2025));
    const owner = person();
    notes.push({ title, body: noteBody(`${product}`, [
      `A ${product} licence costs ${price} per seat per month.`,
      `${product} was first launched in ${year} for small teams.`,
      `The product owner of ${product} is ${owner}.`,
      `${product} has its own channel for feedback from customers.`,
    ]) });
    questions.push(
      { question: `How much does a ${product} licence cost?`, fact: price, note: title },
      { question: `When was ${product} launched?`, fact: year, note: title },
      { question: `Who is the product owner of ${product}?`, fact: owner, note: title },
    );
  }
  for (const team of TEAMS) {
    const title = `${team} team charter`;
    const day = pick(WEEKDAYS);
    const time = `${between(8, 16)}:${pick(['00', '15', '30', '45'])}`;
    const lead = person();
    notes.push({ title, body: noteBody(`${team} team`, [
      `The ${team} team meets every ${day} at ${time} in the large room.`,
      `${lead} leads the ${team} team.`,
      `The ${team} team keeps its backlog in the shared tracker.`,
    ]) });
    questions.push(
      { question: `When does the ${team} team meet?`, fact: `${day} at ${time}`, note: title },
      { question: `Who leads the ${team} team?`, fact: lead, note: title },
    );
  }

  const unanswerable = [
    ...['Oslo', 'Vienna', 'Zurich', 'Dublin', 'Riga'].map((city) => `Who manages the ${city} office?`),
    ...['Thornbury', 'Wrenfield', 'Ashcombe', 'Larkspur', 'Mossbank'].map((product) => `How much does a ${product} licence cost?`),
    ...['Zephyr', 'Obsidian', 'Polaris', 'Sequoia', 'Vortex'].map((team) => `When does the ${team} team meet?`),
    'What is the parental leave policy?', 'How do I book a parking space?', 'Which airline do we fly with?',
    'What is the wifi password in the guest lounge?', 'Who pays for the gym membership?',
  ];

  return {
    notes,
    questions,
    unanswerable,
    filler: (index) => {
      const local = seededRandom(seed + index + 1);
      const sentences = Array.from({ length: 12 }, () => FILLER_SENTENCES[Math.floor(local() * FILLER_SENTENCES.length)]!);
      return { title: `Handbook page ${index + 1}`, body: [sentences.slice(0, 6).join(' '), sentences.slice(6).join(' ')].join('\n\n') };
    },
  };
}
