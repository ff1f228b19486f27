// Invented faculty of the demo catalog. Every name, place of training and bio is made up.

const FIRST = [
  ['Helena', 'f'],
  ['Marcus', 'm'],
  ['Priya', 'f'],
  ['Thomas', 'm'],
  ['Elena', 'f'],
  ['Rafael', 'm'],
  ['Naomi', 'f'],
  ['Julian', 'm'],
  ['Camille', 'f'],
  ['Owen', 'm'],
  ['Ingrid', 'f'],
  ['Samuel', 'm'],
  ['Leila', 'f'],
  ['Adrian', 'm'],
  ['Beatrice', 'f'],
  ['Victor', 'm'],
  ['Mei', 'f'],
  ['Daniel', 'm'],
  ['Sofia', 'f'],
  ['Gregory', 'm'],
  ['Anika', 'f'],
  ['Felix', 'm'],
  ['Rosalind', 'f'],
  ['Kenji', 'm'],
  ['Yasmin', 'f'],
  ['Tobias', 'm'],
  ['Clara', 'f'],
  ['Andre', 'm'],
  ['Lucia', 'f'],
  ['Nathaniel', 'm'],
  ['Margot', 'f'],
  ['Elliot', 'm'],
  ['Hana', 'f'],
  ['Rowan', 'm'],
  ['Vivian', 'f'],
  ['Mateo', 'm'],
  ['Greta', 'f'],
  ['Laurence', 'm'],
  ['Amara', 'f'],
  ['Declan', 'm'],
  ['Noor', 'f'],
  ['Isaac', 'm'],
  ['Theresa', 'f'],
  ['Silas', 'm'],
  ['Renata', 'f'],
  ['Kofi', 'm'],
  ['Astrid', 'f'],
  ['Benedict', 'm'],
  ['Paloma', 'f'],
  ['Hugo', 'm'],
  ['Lydia', 'f'],
  ['Emeka', 'm'],
  ['Simone', 'f'],
  ['Caspar', 'm'],
  ['Junia', 'f'],
  ['Wesley', 'm'],
  ['Odette', 'f'],
  ['Arjun', 'm'],
  ['Fiona', 'f'],
  ['Malik', 'm'],
  ['Harriet', 'f'],
  ['Sebastian', 'm'],
  ['Talia', 'f'],
  ['Quentin', 'm'],
  ['Ines', 'f'],
  ['Lucas', 'm'],
];

const LAST = [
  'Marsh',
  'Okafor',
  'Lindqvist',
  'Castellano',
  'Whitford',
  'Nakamura',
  'Adeyemi',
  'Brennan',
  'Halvorsen',
  'Deveraux',
  'Kessler',
  'Moreau',
  'Ashworth',
  'Varga',
  'Pemberton',
  'Sandoval',
  'Thorne',
  'Iyer',
  'Calloway',
  'Ferreira',
  'Lowell',
  'Strand',
  'Abernathy',
  'Quintero',
  'Hollis',
  'Rasmussen',
  'Delacroix',
  'Winslow',
  'Tanaka',
  'Merriweather',
  'Oyelaran',
  'Galloway',
  'Sorensen',
  'Kaplan',
  'Everhart',
  'Bianchi',
  'Radcliffe',
  'Mendel',
  'Fairbanks',
  'Okonkwo',
  'Vasquez',
  'Holloway',
  'Engstrom',
  'Carrington',
  'Duval',
  'Prescott',
  'Albright',
  'Nowak',
  'Sterling',
  'Hargrove',
  'Montague',
  'Petrov',
  'Langford',
  'Achebe',
  'Whitaker',
  'Rinaldi',
  'Blackwood',
  'Chandra',
  'Ellery',
  'Fontaine',
  'Gustafson',
  'Haddad',
  'Ivers',
  'Jessop',
  'Kowalczyk',
  'Lachance',
];

const LOCATIONS = [
  'Portland, OR',
  'Boston, MA',
  'Houston, TX',
  'Chicago, IL',
  'San Diego, CA',
  'Denver, CO',
  'Atlanta, GA',
  'Seattle, WA',
  'Nashville, TN',
  'Miami, FL',
  'New York, NY',
  'Philadelphia, PA',
  'Scottsdale, AZ',
  'Minneapolis, MN',
  'Charlotte, NC',
  'Salt Lake City, UT',
  'St. Louis, MO',
  'Baltimore, MD',
  'Dallas, TX',
  'Los Angeles, CA',
  'Beverly Hills, CA',
  'Cleveland, OH',
  'Ann Arbor, MI',
  'Richmond, VA',
  'Austin, TX',
  'Kansas City, MO',
  'Omaha, NE',
  'Honolulu, HI',
  'New Orleans, LA',
  'Pittsburgh, PA',
  'Toronto, Canada',
  'Vancouver, Canada',
  'London, United Kingdom',
  'Milan, Italy',
  'Munich, Germany',
  'São Paulo, Brazil',
  'Seoul, South Korea',
  'Sydney, Australia',
  'Madrid, Spain',
  'Amsterdam, Netherlands',
  'Stockholm, Sweden',
  'Mexico City, Mexico',
  'Buenos Aires, Argentina',
  'Tel Aviv, Israel',
  'Dubai, United Arab Emirates',
];

/** Specialty profiles: what the bio says and which topical categories the person teaches. */
export const PROFILES = [
  { role: 'facial plastic surgeon', focus: 'primary and revision rhinoplasty', topics: [20], degree: 'MD' },
  {
    role: 'facial plastic surgeon',
    focus: 'deep-plane facelift and neck contouring',
    topics: [21],
    degree: 'MD, FACS',
  },
  {
    role: 'oculoplastic surgeon',
    focus: 'eyelid reconstruction and periorbital rejuvenation',
    topics: [22],
    degree: 'MD',
  },
  { role: 'plastic surgeon', focus: 'aesthetic and reconstructive breast surgery', topics: [23], degree: 'MD, FACS' },
  { role: 'plastic surgeon', focus: 'body contouring after massive weight loss', topics: [24], degree: 'MD' },
  {
    role: 'dermatologic surgeon',
    focus: 'neuromodulators, fillers and facial anatomy for injectors',
    topics: [25],
    degree: 'MD',
  },
  {
    role: 'hair restoration surgeon',
    focus: 'follicular unit excision and hairline design',
    topics: [26],
    degree: 'MD',
  },
  { role: 'dermatologist', focus: 'laser resurfacing and energy-based devices', topics: [27], degree: 'MD, PhD' },
  {
    role: 'otolaryngologist and facial plastic surgeon',
    focus: 'functional nasal surgery and airway',
    topics: [20, 21],
    degree: 'MD',
  },
  { role: 'plastic surgeon', focus: 'facial rejuvenation and fat grafting', topics: [21, 25], degree: 'MD, FACS' },
  {
    role: 'oculoplastic surgeon',
    focus: 'brow and upper-face aesthetic surgery',
    topics: [22, 21],
    degree: 'MD, FACS',
  },
  {
    role: 'physician assistant',
    focus: 'aesthetic injectables and perioperative care',
    topics: [25, 27],
    degree: 'PA-C',
  },
  {
    role: 'nurse injector',
    focus: 'combination treatment planning for injectables and lasers',
    topics: [25, 27],
    degree: 'RN, BSN',
  },
  { role: 'anesthesiologist', focus: 'office-based anesthesia and patient safety', topics: [28], degree: 'MD' },
  { role: 'plastic surgeon', focus: 'abdominoplasty and liposuction safety', topics: [24, 28], degree: 'DO' },
  { role: 'dermatologic surgeon', focus: 'Mohs reconstruction and scar revision', topics: [27, 21], degree: 'MD' },
];

const TRAINING = [
  'completed residency at a large academic medical center and a fellowship in facial plastic and reconstructive surgery',
  'trained in general surgery and plastic surgery before a one-year aesthetic fellowship',
  'completed an integrated plastic surgery residency followed by a craniofacial fellowship',
  'trained in otolaryngology and head and neck surgery, then completed a facial plastic surgery fellowship',
  'completed a dermatology residency and a procedural dermatology fellowship',
  'completed ophthalmology residency and an oculoplastic and orbital surgery fellowship',
  'trained in surgery abroad before completing a second residency and an aesthetic fellowship in the United States',
];

const EXTRAS = [
  'has lectured at national and international meetings and serves on the editorial board of a peer-reviewed journal',
  'directs a yearly hands-on cadaver course and mentors residents and fellows',
  'has published more than forty articles and book chapters on technique and outcomes',
  'volunteers with surgical outreach programs that treat children with congenital differences',
  'runs a quality-improvement program that tracks complications and patient-reported outcomes',
  'is known for clear, step-by-step teaching videos that break complex operations into reproducible maneuvers',
  'chairs a regional patient-safety committee and teaches courses on office-based surgery',
  'co-founded a multidisciplinary clinic for facial aesthetics and reconstruction',
];

const STYLES = [
  '{Poss} teaching emphasizes the anatomy behind every maneuver and an honest discussion of complications.',
  '{Pron} is known for practical pearls that can be applied in practice the following Monday.',
  '{Pron} favors conservative, reproducible techniques and long-term follow-up of every case.',
  '{Pron} combines surgical and non-surgical treatment into a single long-term plan for each patient.',
  '{Pron} cares about standardized photography and objective outcome measurement.',
  '{Pron} is a frequent panelist on complications and revision surgery.',
];

/**
 * Builds the faculty list deterministically from the seeded random source.
 * @param {() => number} rand
 * @param {number} count
 * @param {Set<number>} inactive USERIDs that are not ACTIVE
 */
export function buildFaculty(rand, count, inactive) {
  const pick = (arr) => arr[Math.floor(rand() * arr.length)];
  const lastNames = [...LAST];
  for (let i = lastNames.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [lastNames[i], lastNames[j]] = [lastNames[j], lastNames[i]];
  }
  if (count > lastNames.length) throw new Error(`only ${lastNames.length} last names for ${count} faculty`);
  const out = [];
  for (let i = 0; i < count; i++) {
    const USERID = 1001 + i;
    const [first, gender] = FIRST[i % FIRST.length];
    const last = lastNames[i];
    const profile = PROFILES[i % PROFILES.length];
    const LOCATION = LOCATIONS[(i * 7) % LOCATIONS.length];
    const doctor = !/PA-C|RN/.test(profile.degree);
    const title = doctor ? `Dr. ${last}` : `${first} ${last}`;
    const pron = gender === 'f' ? 'She' : 'He';
    const poss = gender === 'f' ? 'her' : 'his';
    const article = /^[aeiou]/i.test(profile.role) ? 'an' : 'a';
    const city = LOCATION.split(', ')[0];
    const training = doctor
      ? pick(TRAINING)
      : profile.degree === 'PA-C'
        ? 'trained as a physician assistant and spent eight years in a busy surgical practice'
        : 'worked in critical care nursing before moving into aesthetic medicine';
    const BIO =
      `<p>${title} is ${article} ${profile.role} based in ${city}, with a practice focused on ${profile.focus}. ` +
      `${pron} ${training}, and ${pick(EXTRAS)}.</p>` +
      `<p>${STYLES[i % STYLES.length].replace('{Poss}', cap(poss)).replace('{Pron}', pron)}</p>`;
    out.push({
      USERID,
      FULLNAME: `${first} ${last}, ${profile.degree}`,
      LOCATION,
      ACTIVE: inactive.has(USERID) ? 0 : 1,
      BIO,
      first,
      last,
      profile,
    });
  }
  return out;
}

function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
