// The benchmark corpus of `npm run bench:flows`: short news-like documents generated from a seed, so every run
// analyses the same text. Six subjects share the documents; over the 30 days one subject grows (heat pumps) and one
// fades (gas boilers), so trends have something to find; a third of the documents carry a hashtag, a mention, a
// price or a link, and most a positive or a negative word.

/** mulberry32: a small seeded generator. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const subjects = [
  {
    name: 'heat pumps',
    nouns: ['heat pump', 'installer', 'grant', 'radiator', 'insulation', 'thermostat', 'tariff', 'survey'],
    verbs: ['installs', 'heats', 'replaces', 'warms', 'saves'],
    tag: '#heatpump',
  },
  {
    name: 'gas boilers',
    nouns: ['gas boiler', 'engineer', 'valve', 'pressure', 'pilot light', 'repair', 'service', 'flue'],
    verbs: ['breaks', 'leaks', 'fixes', 'services', 'checks'],
    tag: '#boiler',
  },
  {
    name: 'rail',
    nouns: ['train', 'station', 'commuter', 'timetable', 'platform', 'strike', 'ticket', 'driver'],
    verbs: ['delays', 'cancels', 'reaches', 'leaves', 'stops'],
    tag: '#rail',
  },
  {
    name: 'harbour',
    nouns: ['ferry', 'harbour', 'pier', 'fleet', 'storm', 'lifeboat', 'crossing', 'catch'],
    verbs: ['sails', 'docks', 'rescues', 'returns', 'crosses'],
    tag: '#harbour',
  },
  {
    name: 'vineyards',
    nouns: ['vineyard', 'harvest', 'grape', 'wine', 'cellar', 'festival', 'vintage', 'drought'],
    verbs: ['ripens', 'ferments', 'sells', 'celebrates', 'pours'],
    tag: '#wine',
  },
  {
    name: 'phones',
    nouns: ['phone', 'battery', 'camera', 'screen', 'charger', 'update', 'app', 'price'],
    verbs: ['charges', 'crashes', 'lasts', 'launches', 'costs'],
    tag: '#phone',
  },
];
const adjectives = ['new', 'local', 'old', 'small', 'busy', 'quiet', 'early', 'late', 'regional', 'modern'];
const positive = ['great', 'excellent', 'wonderful', 'reliable', 'impressive', 'friendly', 'happy'];
const negative = ['terrible', 'awful', 'disappointing', 'broken', 'frustrating', 'angry', 'poor'];
const places = ['the north', 'the valley', 'the city', 'the coast', 'the old town', 'the county'];
const sources = ['Harbour Times', 'Valley Gazette', 'City Wire', 'Coast Courier', 'County Post'];
const people = ['@citydesk', '@valleynews', '@coastwatch', '@marketdesk'];
const days = 30;
const firstDay = Date.UTC(2024, 3, 1);

/** Subject weights on a day: heat pumps grow from 2 % to 30 %, gas boilers shrink from 30 % to 2 %. */
function weightsOn(day) {
  const progress = day / (days - 1);
  return [0.02 + 0.28 * progress, 0.3 - 0.28 * progress, 0.17, 0.17, 0.17, 0.17];
}

/**
 * `count` documents of about `tokensPerDocument` wink-nlp tokens each (words and punctuation), deterministic for a
 * given seed.
 */
export function generateCorpus({ count = 20_000, seed = 20_240_401, tokensPerDocument = 50 } = {}) {
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const documents = [];
  for (let index = 0; index < count; index += 1) {
    const day = Math.floor(random() * days);
    const weights = weightsOn(day);
    let target = random() * weights.reduce((sum, weight) => sum + weight, 0);
    let subjectIndex = 0;
    while (target > weights[subjectIndex] && subjectIndex < subjects.length - 1) {
      target -= weights[subjectIndex];
      subjectIndex += 1;
    }
    const subject = subjects[subjectIndex];
    const mood = random();
    const sentences = [];
    let tokens = 0;
    while (tokens < tokensPerDocument - 6) {
      const noun = pick(subject.nouns);
      const other = pick(subject.nouns);
      const feeling = mood < 0.4 ? pick(positive) : mood < 0.75 ? pick(negative) : pick(adjectives);
      const sentence =
        random() < 0.5
          ? `The ${pick(adjectives)} ${noun} ${pick(subject.verbs)} the ${feeling} ${other} in ${pick(places)}.`
          : `People say the ${noun} is ${feeling} and the ${other} ${pick(subject.verbs)} again.`;
      sentences.push(sentence);
      tokens += sentence.split(/\s+/).length + 1;
    }
    const extra = random();
    if (extra < 0.1) sentences.push(`Follow ${subject.tag} for more.`);
    else if (extra < 0.2) sentences.push(`Thanks to ${pick(people)} for the tip.`);
    else if (extra < 0.3)
      sentences.push(`It costs $${(10 + Math.floor(random() * 990)).toLocaleString('en')}.`);
    const source = pick(sources);
    const minutes = Math.floor(random() * 24 * 60);
    documents.push({
      id: `doc-${index + 1}`,
      title: `${subject.name[0].toUpperCase()}${subject.name.slice(1)}: ${pick(adjectives)} news from ${pick(places)}`,
      text: sentences.join(' '),
      source,
      publishedAt: new Date(firstDay + day * 86_400_000 + minutes * 60_000).toISOString(),
      url: `https://${source.toLowerCase().replace(/ /g, '-')}.example/articles/${index + 1}`,
    });
  }
  return documents;
}
