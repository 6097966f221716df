#!/usr/bin/env node
// Writes the sample datasets the predefined workflows ship with (api/src/modules/flows/samples/, decision 0071):
// realistic short English texts composed from fixed parts, deterministic (a seeded generator), so the files are
// generated once and committed. Run again only to change them: node scripts/generate-flow-samples.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'modules', 'flows', 'samples');
let seed = 20_260_127;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const csvCell = (value) =>
  /[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value);
const writeCsv = (name, header, rows) =>
  writeFileSync(
    join(out, name),
    `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n')}\n`,
  );
const day = (start, offset) => new Date(Date.parse(start) + offset * 86_400_000).toISOString().slice(0, 10);

// Coffee machine reviews: 120 over six months.
const praise = [
  'The espresso has a thick crema and tastes like my favourite cafe.',
  'The milk frother makes silky foam for a cappuccino in seconds.',
  'It heats up in under a minute, which is perfect before work.',
  'The grinder is quiet and the grind size is easy to adjust.',
  'Cleaning is simple: the drip tray and the brew group come out easily.',
  'Great value at $349, it paid for itself in a few months of skipped cafe visits.',
];
const complaints = [
  'The water tank is too small and needs refilling every day.',
  'The descaling alarm comes on far too often.',
  'After three months the pump became loud and the espresso tastes bitter.',
  'Customer support took two weeks to answer about a leaking tank.',
  'The steam wand sputters and the milk foam is thin.',
  'The buttons are confusing and the manual does not explain the grind settings.',
];
const openers = [
  'Bought it in the spring.',
  'We use it every morning.',
  'A gift for my partner.',
  'Second machine from this brand.',
  'Replaced an old pod machine.',
];
const reviews = [];
for (let index = 0; index < 120; index += 1) {
  const positive = random() < 0.62;
  const parts = positive ? [pick(praise), pick(praise)] : [pick(complaints), pick(complaints)];
  if (parts[0] === parts[1]) parts.pop();
  const rating = positive ? pick([4, 5, 5]) : pick([1, 2, 2, 3]);
  reviews.push([
    `review-${index + 1}`,
    rating,
    `${pick(openers)} ${parts.join(' ')}`,
    day('2025-06-01', Math.floor((index * 182) / 120)),
  ]);
}
writeCsv('coffee-machine-reviews.csv', ['id', 'rating', 'review', 'date'], reviews);

// Employee survey answers: 90 in four themes.
const themes = [
  [
    'More flexible hours and the option to work from home two days a week would help.',
    'Flexible working from home would cut my commute and give me focus time.',
    'Letting us choose our hours and work remotely on some days would help a lot.',
    'Remote work on Fridays and flexible start times would make a real difference.',
  ],
  [
    'Our laptops are slow and the software crashes during meetings.',
    'Better laptops and a second monitor would save me hours every week.',
    'The old software and slow laptops make simple tasks take far too long.',
    'Faster laptops and software that does not crash would make my work better.',
  ],
  [
    'Managers should give clearer feedback and recognise good work more often.',
    'Regular feedback from my manager and some recognition would motivate me.',
    'I would like more recognition from managers and feedback that is clear and timely.',
    'Clear feedback in one-to-one meetings with my manager would help me grow.',
  ],
  [
    'Fewer meetings and more time for focused work, please.',
    'Too many meetings interrupt the day; fewer and shorter meetings would help.',
    'Cancel the status meetings and give us quiet focus time in the afternoon.',
    'Meetings without an agenda waste time; fewer meetings would help everyone.',
  ],
];
const survey = [];
for (let index = 0; index < 90; index += 1) {
  const theme = themes[index % themes.length];
  survey.push([
    `answer-${index + 1}`,
    pick(['Sales', 'Engineering', 'Support', 'Finance', 'Marketing']),
    pick(theme),
  ]);
}
writeCsv('employee-survey-answers.csv', ['id', 'department', 'answer'], survey);

// Posts about a home-energy brand: 150 over eight weeks; "heat pump" takes off in the last two weeks.
const steady = [
  'Switched my electricity to SunVolt this month and the bill is lower already.',
  'SunVolt customer service sorted out my meter reading quickly today.',
  'Thinking about solar panels from SunVolt, anyone tried their installers?',
  'The SunVolt app shows my daily energy use, really handy for saving money.',
  'SunVolt raised the tariff again, not impressed with the price change.',
  'Our SunVolt smart meter finally works after the engineer visit.',
  'Green tariff from SunVolt feels good, all renewable electricity.',
];
const rising = [
  'Just booked a heat pump installation with SunVolt, the grant made it affordable.',
  'SunVolt heat pump keeps the whole house warm and the bill went down.',
  'Everyone on our street is asking about the SunVolt heat pump offer.',
  'The new SunVolt heat pump bundle with solar is a great deal this winter.',
];
const posts = [];
for (let index = 0; index < 150; index += 1) {
  const offset = Math.floor((index * 56) / 150);
  const late = offset >= 44;
  const text = late && random() < 0.7 ? pick(rising) : pick(steady);
  posts.push([
    `post-${index + 1}`,
    pick(['@greenhome', '@mike_energy', '@sara.lives', '@eco_dad', '@clara_b', '@tom_r']),
    text,
    day('2025-09-01', offset),
  ]);
}
writeCsv('energy-brand-posts.csv', ['id', 'author', 'text', 'date'], posts);

// Energy news: 60 items from three sources over two weeks.
const sources = ['Energy Daily', 'Grid Watch', 'Power Post'];
const headlines = [
  [
    'Wholesale electricity prices fall as wind output hits a record',
    'Strong winds across the north pushed wind farm output to a record high, lowering wholesale electricity prices for the week.',
  ],
  [
    'Government extends heat pump grant for another year',
    'Households can still claim a grant towards a heat pump installation, the energy ministry said on Monday.',
  ],
  [
    'Battery storage project approved near the coast',
    'A large battery storage project will help the grid balance solar and wind power during the evening peak.',
  ],
  [
    'Gas prices rise after pipeline maintenance',
    'Gas prices rose sharply after planned pipeline maintenance reduced supply, traders said.',
  ],
  [
    'Solar installations reach a new monthly high',
    'Installers reported record demand for rooftop solar panels as households look to cut bills.',
  ],
  [
    'Regulator warns suppliers over billing errors',
    'The energy regulator warned suppliers that billing errors and slow customer service will lead to fines.',
  ],
  [
    'New offshore wind farm connects to the grid',
    'The offshore wind farm delivered its first power to the grid ahead of schedule.',
  ],
];
const news = [];
for (let index = 0; index < 60; index += 1) {
  const [title, body] = pick(headlines);
  news.push([
    `news-${index + 1}`,
    sources[index % 3],
    title,
    body,
    day('2025-11-03', Math.floor((index * 14) / 60)),
  ]);
}
writeCsv('energy-news-items.csv', ['id', 'source', 'title', 'text', 'date'], news);
