#!/usr/bin/env node
// Generates the demo catalog: the CSV files of libs/catalog/data/ (formats: docs/catalog-import.md) and the
// media under web/public/assets/ (product images, faculty photos, sample videos, the documents of product 215).
//
//   node scripts/demo-catalog/generate.mjs            CSVs, plus any media file that is missing, then the check
//   node scripts/demo-catalog/generate.mjs --media    regenerate every media file too
//   node scripts/demo-catalog/generate.mjs --check    only check the committed files
//
// Deterministic: a fixed-seed random source, no clock. Media need ImageMagick and ffmpeg only to be regenerated.
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAll } from './check.mjs';
import {
  AUDIENCE,
  BOOKS,
  CHAPTERS,
  FORMATS,
  MEETINGS,
  PROCEDURES,
  RELATED,
  SESSION_KINDS,
  TOPICS,
  formatFor,
  inSentence,
} from './content.mjs';
import { buildFaculty } from './faculty.mjs';
import { facultyImage, imageMagick, productImage, productVariant, sampleVideo, tinyPdf } from './media.mjs';
import { countries, shippingZones, states } from './reference.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DATA_DIR = join(ROOT, 'libs', 'catalog', 'data');
export const ASSETS_DIR = join(ROOT, 'web', 'public', 'assets');
/** Paid media (videos, book documents): outside the web root, served only through signed URLs. */
export const MEDIA_DIR = join(ROOT, 'media');

/** Column order of every file (the names are docs/catalog-import.md's; check.mjs compares them with the doc). */
export const HEADERS = {
  'categories.csv': ['ID', 'NAME', 'PARENT', 'MENU', 'KIND'],
  'products.csv': [
    'ID',
    'NAME',
    'TYPE',
    'PRICE',
    'SALE_PRICE',
    'PUBDATE',
    'STREAMING',
    'SHIP_WEIGHT',
    'DEMOURL',
    'CREDITS',
    'CME_RESTRICTED',
    'SHORT_DESCR',
    'DESCR',
  ],
  'product-prices.csv': ['PRODUCTID', 'POSITION', 'TYPE', 'PRICE', 'SALE_PRICE'],
  'product-terms.csv': ['PRODUCTID', 'YEARS', 'PRICE'],
  'terms-of-use.csv': ['PRODUCTID', 'TEXT'],
  'product-categories.csv': ['PRODUCTID', 'CATEGORYID'],
  'product-titles.csv': ['PRODUCTID', 'TITLEID', 'POSITION', 'TITLE', 'URL', 'DURATION'],
  'product-documents.csv': ['PRODUCTID', 'POSITION', 'TITLE', 'FILES'],
  'faculty.csv': ['USERID', 'FULLNAME', 'LOCATION', 'ACTIVE', 'BIO'],
  'product-faculty.csv': ['PRODUCTID', 'USERID'],
  'meetings.csv': [
    'ID',
    'NAME',
    'MENU_LABEL',
    'HIDDEN_IN_MENU',
    'START_DATE',
    'END_DATE',
    'CITY',
    'VENUE_NAME',
    'VENUE_ADDRESS',
    'HOTEL_NAME',
    'HOTEL_ADDRESS',
    'HOTEL_PHONE',
    'HOTEL_NOTE',
    'DETAILS',
    'VIRTUAL',
  ],
  'meeting-options.csv': ['MEETINGID', 'PRODUCTID'],
  'meeting-faculty.csv': ['MEETINGID', 'USERID'],
  'meeting-program.csv': ['MEETINGID', 'POSITION', 'DAY', 'TIME', 'TITLE', 'SPEAKERS'],
  'short-paths.csv': ['PATH', 'MEETING_ID', 'TAB', 'PRODUCT_ID'],
  'coupons.csv': [
    'CODE',
    'PERCENT',
    'AMOUNT',
    'DOLLARSOVER',
    'TYPES',
    'EXPIRES',
    'AUTO',
    'ROLE',
    'DESCRIPTION',
    'REQUIRES',
  ],
  'book-codes.csv': ['CODE', 'PRODUCTID'],
  'offers.csv': ['OFFER', 'UID', 'PRODUCTID', 'UNITPRICE', 'QTY', 'EXPIRES'],
  'countries.csv': ['CODE', 'NAME', 'ZONE'],
  'states.csv': ['KEY', 'VALUE'],
  'shipping-zones.csv': ['ZONE', 'ONETOFOUR', 'FIVETOTEN', 'ELEVENTOTWENTY', 'TWENTYPLUS', 'EXPEDITEDFEE'],
};

/** The fixed discount of the automatic "CMEComplete combo" coupon, in cents ($100.00). */
export const COMBO_AMOUNT = 10000;
/** The book reader@demo.test bought; the first book code is meant for it. */
export const READER_BOOK_ID = 601;
/** Paid videos: paths under the media folder (media/), served only through signed URLs. */
export const SAMPLE_VIDEOS = ['video/sample-1.mp4', 'video/sample-2.mp4', 'video/sample-3.mp4'];
/** Public previews (DEMOURL): the same samples copied under the web root. */
export const PREVIEW_VIDEOS = [
  'assets/preview/sample-1.mp4',
  'assets/preview/sample-2.mp4',
  'assets/preview/sample-3.mp4',
];

/** mulberry32: a small seeded PRNG, so every run gives the same data. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = seeded(20260315);
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (arr) => arr[Math.floor(rand() * arr.length)];
const chance = (p) => rand() < p;
const pad = (n) => String(n).padStart(2, '0');
const saleOf = (cents) => Math.round((cents * 0.8) / 1000) * 1000 - 100;
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---------------------------------------------------------------------------------------------- categories

// KIND: the eLearning shelves and the patient-safety topic (the access and credit rules read them).
const categories = [
  { ID: 0, NAME: 'All Videos', PARENT: null, MENU: 1 },
  { ID: 10, NAME: 'eLearning', PARENT: null, MENU: 1, KIND: 'elearning' },
  { ID: 11, NAME: 'Subscriptions & Apps', PARENT: null, MENU: 1 },
  { ID: 14, NAME: 'Books', PARENT: null, MENU: 1 },
  { ID: 17, NAME: 'eLearning Streams', PARENT: 10, MENU: 0, KIND: 'elearning' },
  { ID: 18, NAME: 'Special Collections', PARENT: 0, MENU: 1 },
  ...Object.entries(TOPICS).map(([id, t]) => ({
    ID: Number(id),
    NAME: t.name,
    PARENT: 0,
    MENU: 1,
    KIND: t.safety ? 'safety' : null,
  })),
  { ID: 30, NAME: 'Meetings', PARENT: null, MENU: 1 },
];

// ------------------------------------------------------------------------------------------------- faculty

const INACTIVE = new Set([1020, 1041, 1066]);
const faculty = buildFaculty(rand, 66, INACTIVE);
const facultyLoad = new Map(faculty.map((f) => [f.USERID, 0]));

/** Picks n faculty for a product: people who teach the topic first, the least-linked first, at most 6 links each. */
function chooseFaculty(n, topic) {
  const ranked = faculty
    .filter((f) => facultyLoad.get(f.USERID) < 6)
    .map((f) => ({ f, key: facultyLoad.get(f.USERID) * 10 - (f.profile.topics.includes(topic) ? 25 : 0) + rand() }))
    .sort((a, b) => a.key - b.key)
    .slice(0, n)
    .map((x) => x.f);
  for (const f of ranked) facultyLoad.set(f.USERID, facultyLoad.get(f.USERID) + 1);
  return ranked;
}

// ------------------------------------------------------------------------------------------------ products

const products = [];
const productCategories = [];
const productPrices = [];
const productTerms = [];
const productTitles = [];
const productDocuments = [];
const productFaculty = [];
let nextTitleId = 5001;

function addProduct(p, cats) {
  products.push({
    SALE_PRICE: null,
    STREAMING: 1,
    SHIP_WEIGHT: 0,
    DEMOURL: null,
    CREDITS: 0,
    CME_RESTRICTED: 0,
    ...p,
  });
  for (const c of cats) productCategories.push({ PRODUCTID: p.ID, CATEGORYID: c });
}

/**
 * A chapter's running time in seconds (4 to 30 minutes, whole 5 s), derived from its id rather than the
 * seeded random source, so adding the column changed no other generated value.
 */
const titleDuration = (titleId) => 240 + ((titleId * 7919) % 313) * 5;

function addTitles(productId, chapterNames, lead) {
  chapterNames.forEach((chapter, i) => {
    productTitles.push({
      PRODUCTID: productId,
      TITLEID: nextTitleId++,
      POSITION: i + 1,
      TITLE: `${lead}: ${chapter}`,
      URL: SAMPLE_VIDEOS[(productId + i) % SAMPLE_VIDEOS.length],
      DURATION: titleDuration(nextTitleId - 1),
    });
  });
}

function linkFaculty(productId, people) {
  for (const f of people) productFaculty.push({ PRODUCTID: productId, USERID: f.USERID });
}

const randomDate = (fromYear, toYear, toMonth = 12) => {
  const y = int(fromYear, toYear);
  const m = y === toYear ? int(1, toMonth) : int(1, 12);
  return `${y}-${pad(m)}-${pad(int(1, 28))}`;
};

// Subscriptions, packages, CME and the app.
addProduct(
  {
    ID: 130,
    NAME: 'Complete Package',
    TYPE: 'qmpcomplete',
    PRICE: 175000,
    PUBDATE: '2019-01-07',
    SHORT_DESCR: 'Every video series, eLearning course and virtual meeting, with member pricing on live meetings.',
    DESCR:
      '<p>The Complete package opens the whole library: every streaming video series, every eLearning course and the ' +
      'recordings of our meetings, plus 20% off live meeting registration with the <strong>complete</strong> code.</p>' +
      '<ul><li>1 year: $1,750 per year</li><li>2 years: $1,600 per year</li><li>3 years: $1,400 per year</li></ul>' +
      '<p>Add the CME Credit Package to earn up to 20 credits this year.</p>',
  },
  [11],
);
productTerms.push(
  { PRODUCTID: 130, YEARS: 1, PRICE: 175000 },
  { PRODUCTID: 130, YEARS: 2, PRICE: 160000 },
  { PRODUCTID: 130, YEARS: 3, PRICE: 140000 },
);
addProduct(
  {
    ID: 140,
    NAME: 'eLearning Subscription',
    TYPE: 'elearning',
    PRICE: 69500,
    PUBDATE: '2019-03-04',
    SHORT_DESCR: 'Structured eLearning courses with self-assessment, for residents, fellows and surgeons in practice.',
    DESCR:
      '<p>Guided eLearning courses that pair short lectures with operative video and self-assessment questions. ' +
      'Work through each curriculum at your own pace on any device.</p>' +
      '<ul><li>1 year: $695 per year</li><li>2 years: $645 per year</li><li>3 years: $595 per year</li></ul>',
  },
  [10, 11],
);
productTerms.push(
  { PRODUCTID: 140, YEARS: 1, PRICE: 69500 },
  { PRODUCTID: 140, YEARS: 2, PRICE: 64500 },
  { PRODUCTID: 140, YEARS: 3, PRICE: 59500 },
);
addProduct(
  {
    ID: 145,
    NAME: 'Stream All Access',
    TYPE: 'STREAMING_ALL',
    PRICE: 99500,
    PUBDATE: '2020-01-13',
    SHORT_DESCR: 'A year of unlimited streaming of every video series in the library.',
    DESCR:
      '<p>Stream every video series in the library for a year, including new releases as they are published. ' +
      'Long-view recording keeps track of the time you watch for your records.</p>',
  },
  [11],
);
addProduct(
  {
    ID: 155,
    NAME: 'CME Credit Package',
    TYPE: 'cme',
    PRICE: 40000,
    PUBDATE: '2019-01-07',
    CREDITS: 20,
    CME_RESTRICTED: 1,
    SHORT_DESCR: 'Earn up to 20 CME credits through the end of the current year.',
    DESCR:
      '<p>Earn up to 20 credits of continuing medical education through the end of the current calendar year by ' +
      'answering four questions after each video. Good through December 31 of the year of purchase.</p>' +
      '<p>CME can be bought only together with a new or current Complete, Stream or eLearning subscription.</p>',
  },
  [11],
);
const CME_ADDONS = [
  [
    160,
    'Patient Safety CME Module',
    7500,
    2,
    'Two safety credits on sedation, VTE prevention and fire safety in the office OR.',
  ],
  [
    161,
    'Opioid Prescribing and Pain Management CME',
    5000,
    2,
    'Two credits on multimodal analgesia and responsible opioid prescribing after surgery.',
  ],
  [
    162,
    'Ethics and Advertising in Aesthetic Practice CME',
    5000,
    2,
    'Two credits on consent, marketing, social media and ethical practice.',
  ],
];
for (const [ID, NAME, PRICE, CREDITS, SHORT_DESCR] of CME_ADDONS) {
  addProduct(
    {
      ID,
      NAME,
      TYPE: 'cme',
      PRICE,
      PUBDATE: `2024-0${ID - 157}-02`,
      CREDITS,
      CME_RESTRICTED: 1,
      SHORT_DESCR,
      DESCR: `<p>${SHORT_DESCR}</p><p>Available with a current Complete, Stream or eLearning subscription.</p>`,
    },
    [11, 28],
  );
}
addProduct(
  {
    ID: 399,
    NAME: 'iFlap',
    TYPE: 'iflap',
    PRICE: 999,
    PUBDATE: '2022-05-16',
    SHORT_DESCR: 'An interactive app for planning local flaps of the face, with animated designs.',
    DESCR:
      '<p>iFlap animates the design, elevation and inset of the local flaps used to close facial defects: rhombic, ' +
      'bilobed, note, advancement and rotation flaps, with tips on tension vectors and aesthetic subunits.</p>',
  },
  [11, 27],
);

// Pulse (yearly update digests).
const PULSES = [
  [701, 'Pulse Monthly: Facial Surgery Update', [21, 20]],
  [702, 'Pulse Monthly: Injectables and Lasers', [25, 27]],
  [703, 'Pulse Monthly: Breast and Body', [23, 24]],
  [704, 'Pulse Monthly: Hair Restoration', [26]],
];
for (const [ID, NAME, cats] of PULSES) {
  const topic = TOPICS[cats[0]].subject;
  addProduct(
    {
      ID,
      NAME,
      TYPE: 'pulse',
      PRICE: 14900,
      PUBDATE: randomDate(2023, 2026, 9),
      SHORT_DESCR: `A short monthly video digest of what changed in ${topic}, priced per year.`,
      DESCR:
        `<p>Each month a fifteen-minute video digest reviews new techniques, notable papers and practical tips in ` +
        `${topic}. Subscriptions are priced per year.</p>`,
    },
    [11, ...cats],
  );
}

// Video series: at least 100, every one in category 0 and one or two topics.
const topicIds = Object.keys(PROCEDURES).map(Number);
const usedNames = new Set();
const VIDEO_COUNT = 112;
const videoIds = [];
const PRICES = [9900, 14900, 19900, 24900, 29900, 34900, 39900, 49900, 59900, 69900, 79900, 89900];
for (let i = 0; i < VIDEO_COUNT; i++) {
  const ID = 250 + i;
  const topic = topicIds[i % topicIds.length];
  let procedure;
  let format;
  let NAME;
  do {
    procedure = pick(PROCEDURES[topic]);
    format = formatFor(topic, pick(FORMATS));
    NAME = `${procedure}: ${format}`;
  } while (usedNames.has(NAME) || [...usedNames].some((n) => n.startsWith(`${procedure}:`) && chance(0.6)));
  usedNames.add(NAME);
  const cats = [0, topic];
  if (chance(0.35)) cats.push(RELATED[topic]);
  if (i % 19 === 3) cats.push(17, 10);
  if (i % 17 === 5) cats.push(18);
  const nTitles = int(2, 6);
  const start = int(0, CHAPTERS.length - nTitles);
  const chapters = CHAPTERS.slice(start, start + nTitles);
  const people = chooseFaculty(int(1, 3), topic);
  const PRICE = pick(PRICES);
  const p = inSentence(procedure);
  addProduct(
    {
      ID,
      NAME,
      TYPE: 'STREAMING',
      PRICE,
      SALE_PRICE: chance(0.25) ? saleOf(PRICE) : null,
      PUBDATE: randomDate(2019, 2026, 10),
      DEMOURL: i % 14 === 2 ? PREVIEW_VIDEOS[i % 3] : null,
      CREDITS: chance(0.6) ? 2 : 0,
      SHORT_DESCR: `A ${nTitles}-part video series on ${p} for ${pick(AUDIENCE)}.`,
      DESCR:
        (topic === 28
          ? `<p>${esc(NAME)} turns ${p} into protocols a whole team can follow, with real cases, checklists and ` +
            `the reasoning behind each rule.</p>`
          : `<p>${esc(NAME)} follows ${p} from the first consultation to the final result, with narrated operative ` +
            `video, diagrams and the reasoning behind each decision.</p>`) +
        `<ul>${chapters.map((c) => `<li>${c}</li>`).join('')}</ul>` +
        `<p>Faculty: ${esc(people.map((f) => f.FULLNAME).join('; '))}.</p>`,
    },
    cats,
  );
  addTitles(ID, chapters, procedure);
  linkFaculty(ID, people);
  videoIds.push(ID);
}

// Product 215: a streaming course with a documents table.
{
  const people = chooseFaculty(2, 20);
  addProduct(
    {
      ID: 215,
      NAME: 'Rhinoplasty Dissection Course with Companion Documents',
      TYPE: 'STREAMING',
      PRICE: 49900,
      SALE_PRICE: 39900,
      PUBDATE: '2023-06-19',
      CREDITS: 2,
      DEMOURL: PREVIEW_VIDEOS[0],
      SHORT_DESCR:
        'A cadaver dissection course of the nose with a syllabus, handouts, checklists and consent templates.',
      DESCR:
        '<p>Layer-by-layer dissection of the nose, from the soft-tissue envelope to the septum, filmed in a teaching ' +
        'laboratory. The documents table holds the course syllabus, anatomy handouts, operative checklists and ' +
        'consent templates to download.</p>',
    },
    [0, 20, 18],
  );
  addTitles(
    215,
    [
      'Soft-Tissue Envelope',
      'Lower Lateral Cartilages',
      'Upper Lateral Cartilages and Keystone',
      'Septum and Harvest',
      'Osteotomies on the Specimen',
    ],
    'Dissection',
  );
  linkFaculty(215, people);
}
const DOCUMENTS_215 = [
  ['Course Syllabus', ['syllabus.pdf']],
  ['Anatomy Handouts', ['anatomy-envelope.pdf', 'anatomy-cartilages.pdf', 'anatomy-septum.pdf']],
  ['Operative Checklists', ['checklist-preoperative.pdf', 'checklist-intraoperative.pdf']],
  ['Consent Form Templates', ['consent-primary.pdf', 'consent-revision.pdf']],
  ['Reading List', ['reading-list.pdf']],
];
DOCUMENTS_215.forEach(([TITLE, files], i) =>
  productDocuments.push({ PRODUCTID: 215, POSITION: i + 1, TITLE, FILES: files.join(';') }),
);
// Its Terms of Use: the video call asks the customer to accept them before the first video plays.
const termsOfUse = [
  {
    PRODUCTID: 215,
    TEXT:
      '<p>The dissection videos and companion documents of this course show cadaveric material and are provided ' +
      'for the professional education of licensed clinicians only. You may not copy, record, redistribute or ' +
      'publicly display them, in whole or in part. Viewing is personal to your account and is logged.</p>',
  },
];

// Books: category 14, price entries BOOK, STREAMING, BOTH in that order; the videos a book code opens.
for (const b of BOOKS) {
  const streaming = Math.round((b.book * 0.8) / 1000) * 1000 - 100;
  const both = Math.round((b.book * 1.35) / 1000) * 1000 - 100;
  const people = chooseFaculty(b.id % 3 === 0 ? 2 : 1, b.topic);
  const topic = TOPICS[b.topic].subject;
  addProduct(
    {
      ID: b.id,
      NAME: b.name,
      TYPE: 'BOOK',
      PRICE: b.book,
      SALE_PRICE: b.sale ?? null,
      PUBDATE: b.pub,
      STREAMING: 0,
      SHIP_WEIGHT: b.weight,
      SHORT_DESCR: `Hardcover text on ${topic} with companion streaming videos unlocked by the code inside the cover.`,
      DESCR:
        `<p><em>${esc(b.name)}</em> is a richly illustrated hardcover on ${esc(topic)}, written by ` +
        `${esc(people.map((f) => f.FULLNAME).join(' and '))}. Each chapter pairs step-by-step photographs with ` +
        `a companion video.</p><p>Available as the printed book, as streaming video only, or both: the printed book ` +
        `carries a one-time activation code that adds its videos to your streaming account.</p>`,
    },
    [14],
  );
  productPrices.push(
    { PRODUCTID: b.id, POSITION: 1, TYPE: 'BOOK', PRICE: b.book, SALE_PRICE: b.sale ?? null },
    {
      PRODUCTID: b.id,
      POSITION: 2,
      TYPE: 'STREAMING',
      PRICE: streaming,
      SALE_PRICE: b.sale ? saleOf(streaming) : null,
    },
    { PRODUCTID: b.id, POSITION: 3, TYPE: 'BOTH', PRICE: both, SALE_PRICE: null },
  );
  const nTitles = 2 + (b.id % 3);
  addTitles(b.id, CHAPTERS.slice(b.id % 4, (b.id % 4) + nTitles), b.name.split(':')[0]);
  linkFaculty(b.id, people);
}

// Every faculty member needs at least one product.
for (const f of faculty) {
  if (facultyLoad.get(f.USERID) === 0) {
    const target = videoIds.find((id) => productFaculty.filter((pf) => pf.PRODUCTID === id).length < 3);
    if (target === undefined) throw new Error(`no product left for faculty ${f.USERID}`);
    productFaculty.push({ PRODUCTID: target, USERID: f.USERID });
    facultyLoad.set(f.USERID, 1);
  }
}

// Meetings: an event product each, options, faculty and program.
const meetings = [];
const meetingOptions = [];
const meetingFaculty = [];
const meetingProgram = [];
const activeFaculty = faculty.filter((f) => f.ACTIVE === 1);
const MONTHS = 'January February March April May June July August September October November December'.split(' ');
const WEEKDAYS = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ');
const dayLabel = (iso, offset) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};
const fmtRange = (m) => (m.start === m.end ? dayLabel(m.start, 0) : `${dayLabel(m.start, 0)} to ${dayLabel(m.end, 0)}`);
const TIMES = [
  '7:30 AM',
  '8:15 AM',
  '9:00 AM',
  '9:45 AM',
  '10:45 AM',
  '11:30 AM',
  '1:30 PM',
  '2:15 PM',
  '3:15 PM',
  '4:00 PM',
  '4:45 PM',
  '5:30 PM',
];

for (const m of MEETINGS) {
  const topic = TOPICS[m.topic].subject;
  addProduct(
    {
      ID: m.id,
      NAME: m.name,
      TYPE: 'event',
      PRICE: m.price,
      PUBDATE: m.pub,
      STREAMING: 0,
      SHORT_DESCR: `${m.city}, ${fmtRange(m)}: a ${m.days}-day meeting on ${topic}.`,
      DESCR:
        `<p>${esc(m.name)} brings together surgeons, residents and allied clinicians for ${m.days === 1 ? 'a day' : `${m.days} days`} ` +
        `of lectures, live demonstrations and panel discussions on ${esc(topic)} in ${m.city}.</p>`,
    },
    [30, m.topic],
  );
  meetingOptions.push({ MEETINGID: m.id, PRODUCTID: m.id });
  for (const x of m.extra) {
    const virtual = /Virtual/.test(x.name);
    addProduct(
      {
        ID: x.id,
        NAME: x.name,
        TYPE: 'event',
        PRICE: x.price,
        PUBDATE: m.pub,
        STREAMING: virtual ? 1 : 0,
        SHORT_DESCR: virtual
          ? `Watch ${m.name} live online and on demand for 12 months.`
          : `${x.name.split(': ')[1]} for ${m.name}.`,
        DESCR: virtual
          ? `<p>The virtual pass streams every general session of ${esc(m.name)} live and keeps the recordings ` +
            `available on demand for twelve months.</p>`
          : `<p>${esc(x.name.split(': ')[1])} for ${esc(m.name)}. Space is limited.</p>`,
      },
      [],
    );
    meetingOptions.push({ MEETINGID: m.id, PRODUCTID: x.id });
  }
  const n = 3 + (m.id % 6);
  const people = activeFaculty
    .map((f) => ({ f, key: (f.profile.topics.includes(m.topic) ? 0 : 1) + rand() }))
    .sort((a, b) => a.key - b.key)
    .slice(0, n)
    .map((x) => x.f);
  for (const f of people) meetingFaculty.push({ MEETINGID: m.id, USERID: f.USERID });
  const sessions = 8 + (m.id % 8);
  const perDay = Math.ceil(sessions / m.days);
  for (let s = 0; s < sessions; s++) {
    const day = Math.floor(s / perDay);
    const slot = s % perDay;
    const procedure = PROCEDURES[m.topic][(s + m.id) % PROCEDURES[m.topic].length];
    const speakers = [people[(s * 2) % people.length]];
    if (s % 3 === 1) speakers.push(people[(s * 2 + 1) % people.length]);
    meetingProgram.push({
      MEETINGID: m.id,
      POSITION: s + 1,
      DAY: dayLabel(m.start, day),
      TIME: TIMES[Math.round((slot * (TIMES.length - 1)) / Math.max(perDay - 1, 1))],
      TITLE: SESSION_KINDS[(s + day) % SESSION_KINDS.length].replace('{p}', procedure),
      SPEAKERS: [...new Set(speakers)].map((f) => f.FULLNAME).join('; '),
    });
  }
  meetings.push({
    ID: m.id,
    NAME: m.name,
    MENU_LABEL: m.label ?? null,
    HIDDEN_IN_MENU: m.hidden ? 1 : 0,
    START_DATE: m.start,
    END_DATE: m.end,
    CITY: m.city,
    VENUE_NAME: m.venue?.[0] ?? null,
    VENUE_ADDRESS: m.venue?.[1] ?? null,
    HOTEL_NAME: m.hotel?.[0] ?? null,
    HOTEL_ADDRESS: m.hotel?.[1] ?? null,
    HOTEL_PHONE: m.hotel?.[2] ?? null,
    HOTEL_NOTE: m.hotel?.[3] ?? null,
    DETAILS:
      `<h3>${esc(m.name)}</h3><p><strong>${fmtRange(m)}</strong>, ${esc(m.city)}.</p>` +
      `<p>A ${m.days === 1 ? 'one' : m.days === 2 ? 'two' : 'three'}-day program on ${esc(topic)}: anatomy lectures, ` +
      `live and recorded surgery, debates and small-group breakouts with the faculty. Residents and fellows are welcome ` +
      `at a reduced rate.</p><ul><li>${n} faculty</li><li>${sessions} sessions</li>` +
      `<li>Registration includes breakfast, lunch and the welcome reception</li></ul>`,
    VIRTUAL:
      `<p>Can't travel? The virtual pass streams every general session of ${esc(m.name)} live, with questions to the ` +
      `panel through the chat, and keeps the recordings available on demand for twelve months.</p>` +
      `<p>Complete subscribers save 20% with the code <strong>complete</strong>.</p>`,
  });
}

// ---------------------------------------------------------------------------------------------- commerce

const coupons = [
  {
    CODE: 'complete',
    PERCENT: 20,
    AMOUNT: null,
    DOLLARSOVER: 1000,
    TYPES: 'event',
    EXPIRES: null,
    AUTO: 0,
    ROLE: 'qmpcomplete',
    DESCRIPTION: '20% off event items for Complete subscribers, order of at least $10',
  },
  {
    CODE: 'COMPLETEWEBCAST',
    PERCENT: 20,
    AMOUNT: null,
    DOLLARSOVER: 20000,
    TYPES: 'STREAMING',
    EXPIRES: null,
    AUTO: 0,
    ROLE: null,
    DESCRIPTION: '20% off streaming items when they total over $200',
  },
  {
    CODE: 'CMEComplete combo',
    PERCENT: 0,
    AMOUNT: COMBO_AMOUNT,
    DOLLARSOVER: 0,
    TYPES: null,
    EXPIRES: null,
    AUTO: 1,
    ROLE: null,
    DESCRIPTION:
      '$100 off when the cart holds the Complete package and the CME package (REQUIRES, in that order); applied automatically',
    // The pair the combo needs: the Complete package, then the CME package.
    REQUIRES: '130;155',
  },
  {
    CODE: 'WELCOME10',
    PERCENT: 10,
    AMOUNT: null,
    DOLLARSOVER: 0,
    TYPES: null,
    EXPIRES: null,
    AUTO: 0,
    ROLE: null,
    DESCRIPTION: '10% off everything, no minimum',
  },
  {
    CODE: 'BOOKS100',
    PERCENT: 15,
    AMOUNT: null,
    DOLLARSOVER: 10000,
    TYPES: 'BOOK',
    EXPIRES: null,
    AUTO: 0,
    ROLE: null,
    DESCRIPTION: '15% off books when they total over $100',
  },
  {
    CODE: 'EXPIRED1',
    PERCENT: 25,
    AMOUNT: null,
    DOLLARSOVER: 0,
    TYPES: null,
    EXPIRES: '2024-12-31',
    AUTO: 0,
    ROLE: null,
    DESCRIPTION: 'Expired at the end of 2024: answers "Not a valid code"',
  },
];

// Codes and UIDs have their own random source, so editing catalog text never changes them.
const codeRand = seeded(7103);
const pickCode = (chars) => chars[Math.floor(codeRand() * chars.length)];
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const block = () => Array.from({ length: 4 }, () => pickCode(CODE_CHARS)).join('');
const bookIds = [READER_BOOK_ID, 602, 603, 604, 606, 606, 609, 609, 610, 613];
const bookCodes = bookIds.map((PRODUCTID) => ({ CODE: `BOOK-${block()}-${block()}`, PRODUCTID }));

const uid = (word) =>
  `${word}-${Array.from({ length: 6 }, () => pickCode('abcdefghjkmnpqrstuvwxyz23456789')).join('')}`;
const offers = [
  { OFFER: 'elearning', UID: uid('elearning-spring'), PRODUCTID: 140, UNITPRICE: 59500, QTY: 1, EXPIRES: null },
  { OFFER: 'cme', UID: uid('cme-yearend'), PRODUCTID: 155, UNITPRICE: 32000, QTY: 1, EXPIRES: null },
  { OFFER: 'streaming_all', UID: uid('stream-all'), PRODUCTID: 145, UNITPRICE: 79500, QTY: 1, EXPIRES: null },
  { OFFER: 'qmpcomplete', UID: uid('complete-welcome'), PRODUCTID: 130, UNITPRICE: 157500, QTY: 1, EXPIRES: null },
  { OFFER: 'qmpcomplete', UID: uid('complete-2yr'), PRODUCTID: 130, UNITPRICE: 150000, QTY: 2, EXPIRES: null },
  { OFFER: 'event', UID: uid('rhinoplasty-early'), PRODUCTID: 520, UNITPRICE: 149500, QTY: 1, EXPIRES: null },
  { OFFER: 'elearning', UID: uid('elearning-2024'), PRODUCTID: 140, UNITPRICE: 49500, QTY: 1, EXPIRES: '2024-12-31' },
];

const shortPaths = [
  ['rhinoplasty2025', 520, 'details'],
  ['rhinoplasty2025/register', 520, 'choose'],
  ['rhinoplasty2025/virtual', 520, 'virtual'],
  ['rhinoplasty2025/faculty', 520, 'faculty'],
  ['rhinoplasty2025/program', 520, 'program'],
  ['rhinoplasty2025/agenda', 520, 'program'],
  ['summit2025', 509, 'details'],
  ['summit2025/register', 509, 'choose'],
  ['summit2025/virtual', 509, 'virtual'],
  ['summit2025/faculty', 509, 'faculty'],
  ['summit2025/program', 509, 'program'],
  ['winter2026', 503, 'details'],
  ['winter2026/register', 503, 'choose'],
  ['winter2026/virtual', 503, 'virtual'],
  ['winter2026/program', 503, 'program'],
  ['hair2027', 511, 'details'],
  ['hair2027/register', 511, 'choose'],
  ['contouring2027', 517, 'details'],
  ['contouring2027/register', 517, 'choose'],
  ['contouring2027/faculty', 517, 'faculty'],
  ['eyelid2024', 235, 'details'],
  ['eyelid2024/virtual', 235, 'virtual'],
  ['injectables2027', 547, 'details'],
].map(([PATH, MEETING_ID, TAB]) => ({ PATH, MEETING_ID, TAB, PRODUCT_ID: null }));
shortPaths.push(
  { PATH: 'rhinoplastyatlas', MEETING_ID: null, TAB: null, PRODUCT_ID: READER_BOOK_ID },
  { PATH: 'agingface', MEETING_ID: null, TAB: null, PRODUCT_ID: 602 },
);

// ------------------------------------------------------------------------------------------------- output

products.sort((a, b) => a.ID - b.ID);
const files = {
  'categories.csv': categories,
  'products.csv': products,
  'product-prices.csv': productPrices,
  'product-terms.csv': productTerms,
  'terms-of-use.csv': termsOfUse,
  'product-categories.csv': productCategories,
  'product-titles.csv': productTitles,
  'product-documents.csv': productDocuments,
  'faculty.csv': faculty,
  'product-faculty.csv': productFaculty,
  'meetings.csv': meetings,
  'meeting-options.csv': meetingOptions,
  'meeting-faculty.csv': meetingFaculty,
  'meeting-program.csv': meetingProgram,
  'short-paths.csv': shortPaths,
  'coupons.csv': coupons,
  'book-codes.csv': bookCodes,
  'offers.csv': offers,
  'countries.csv': countries(),
  'states.csv': states(),
  'shipping-zones.csv': shippingZones(),
};

function csvField(v) {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function writeCsv(name, rows) {
  const header = HEADERS[name];
  const lines = [header.join(','), ...rows.map((r) => header.map((h) => csvField(r[h])).join(','))];
  writeFileSync(join(DATA_DIR, name), `${lines.join('\n')}\n`);
}

function initials(fullName) {
  const [first, last] = fullName.split(',')[0].split(' ');
  return `${first[0]}${last[0]}`;
}

function productLabel(p) {
  if (p.TYPE === 'BOOK') return 'Book + video';
  if (p.TYPE === 'event') return 'Meeting';
  if (p.TYPE === 'STREAMING') return 'Video series';
  if (p.TYPE === 'cme') return 'CME';
  if (p.TYPE === 'pulse') return 'Pulse';
  if (p.TYPE === 'iflap') return 'App';
  return 'Subscription';
}

function productColors(p) {
  const cats = productCategories.filter((c) => c.PRODUCTID === p.ID).map((c) => c.CATEGORYID);
  const topic = cats.find((c) => TOPICS[c]);
  if (p.TYPE === 'BOOK') return ['#3d3a36', TOPICS[cats[0]] ? TOPICS[cats[0]].colors[0] : '#6b5d4f'];
  if (topic !== undefined) return TOPICS[topic].colors;
  const meeting = MEETINGS.find((m) => m.extra.some((x) => x.id === p.ID));
  if (meeting) return TOPICS[meeting.topic].colors;
  return ['#0f6e7a', '#08323a'];
}

function productFooter(p) {
  const titles = productTitles.filter((t) => t.PRODUCTID === p.ID).length;
  if (p.TYPE === 'BOOK') return `Hardcover · ${titles} companion videos`;
  if (p.TYPE === 'STREAMING') return `${titles} videos · streaming`;
  const meeting = MEETINGS.find((m) => m.id === p.ID || m.extra.some((x) => x.id === p.ID));
  if (meeting) return `${meeting.city} · ${meeting.start.slice(0, 4)}`;
  return 'Medical education for aesthetic surgery';
}

async function generateMedia(force) {
  const need = (file) => force || !existsSync(file);
  let convert;
  const magick = () => (convert ??= imageMagick());
  for (const p of products) {
    const file = join(ASSETS_DIR, 'img', 'products', String(p.ID), `${p.ID}.jpeg`);
    // An image without its 400 px variant predates the 800 x 600 size: both are made anew.
    if (!need(file) && !need(file.replace(/\.jpeg$/, '-400.jpeg'))) continue;
    productImage(magick(), file, {
      name: p.NAME,
      label: productLabel(p),
      colors: productColors(p),
      footer: productFooter(p),
    });
    await productVariant(file);
  }
  const palette = Object.values(TOPICS).map((t) => t.colors);
  for (const f of faculty) {
    const file = join(ASSETS_DIR, 'img', 'faculty', `${f.USERID}.jpeg`);
    if (need(file))
      facultyImage(magick(), file, { initials: initials(f.FULLNAME), colors: palette[f.USERID % palette.length] });
  }
  const videos = [
    { source: 'testsrc', tone: 440, text: 'Sample video 1' },
    { source: 'smptebars', tone: 523, text: 'Sample video 2' },
    { source: 'testsrc2', tone: 659, text: 'Sample video 3' },
  ];
  videos.forEach((v, i) => {
    const file = join(MEDIA_DIR, 'video', `sample-${i + 1}.mp4`);
    if (need(file)) sampleVideo(file, { ...v, seconds: 4 });
    const preview = join(ASSETS_DIR, 'preview', `sample-${i + 1}.mp4`);
    if (need(preview)) {
      mkdirSync(join(ASSETS_DIR, 'preview'), { recursive: true });
      copyFileSync(file, preview);
    }
  });
  for (const doc of productDocuments) {
    for (const name of doc.FILES.split(';')) {
      const file = join(MEDIA_DIR, 'books', String(doc.PRODUCTID), name);
      if (!need(file)) continue;
      const sub = name.replace(/\.pdf$/, '').replace(/-/g, ' ');
      tinyPdf(file, `${doc.TITLE}: ${sub}`, [
        'Rhinoplasty Dissection Course with Companion Documents',
        'Demo document of the sample catalog. Invented content for demonstration only.',
        '',
        '1. Review the anatomy of the region before the session.',
        '2. Follow the checklist step by step and record your findings.',
        '3. Bring questions to the panel discussion at the end of the course.',
      ]);
    }
  }
}

function folderSize(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? folderSize(p) : st.size;
  }
  return total;
}

const args = new Set(process.argv.slice(2));
if (!args.has('--check')) {
  mkdirSync(DATA_DIR, { recursive: true });
  for (const [name, rows] of Object.entries(files)) writeCsv(name, rows);
  await generateMedia(args.has('--media'));
}
const problems = checkAll({ root: ROOT, dataDir: DATA_DIR, assetsDir: ASSETS_DIR, headers: HEADERS });
const counts = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.length]));
console.log(JSON.stringify(counts));
console.log(`media: ${(folderSize(ASSETS_DIR) / 1024).toFixed(0)} KB under web/public/assets`);
if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`${problems.length} problem(s)`);
  process.exit(1);
}
console.log('check: ok');
