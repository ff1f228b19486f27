// Reference data of the demo catalog: countries (ISO 3166-1 alpha-3), US states and territories,
// shipping zones. Zone choices are documented in docs/demo-data.md.

const COUNTRY_LINES = `
ABW|Aruba
AFG|Afghanistan
AGO|Angola
AIA|Anguilla
ALA|Åland Islands
ALB|Albania
AND|Andorra
ARE|United Arab Emirates
ARG|Argentina
ARM|Armenia
ASM|American Samoa
ATA|Antarctica
ATF|French Southern Territories
ATG|Antigua and Barbuda
AUS|Australia
AUT|Austria
AZE|Azerbaijan
BDI|Burundi
BEL|Belgium
BEN|Benin
BES|Bonaire, Sint Eustatius and Saba
BFA|Burkina Faso
BGD|Bangladesh
BGR|Bulgaria
BHR|Bahrain
BHS|Bahamas
BIH|Bosnia and Herzegovina
BLM|Saint Barthélemy
BLR|Belarus
BLZ|Belize
BMU|Bermuda
BOL|Bolivia
BRA|Brazil
BRB|Barbados
BRN|Brunei Darussalam
BTN|Bhutan
BVT|Bouvet Island
BWA|Botswana
CAF|Central African Republic
CAN|Canada
CCK|Cocos (Keeling) Islands
CHE|Switzerland
CHL|Chile
CHN|China
CIV|Côte d'Ivoire
CMR|Cameroon
COD|Congo, Democratic Republic of the
COG|Congo
COK|Cook Islands
COL|Colombia
COM|Comoros
CPV|Cabo Verde
CRI|Costa Rica
CUB|Cuba
CUW|Curaçao
CXR|Christmas Island
CYM|Cayman Islands
CYP|Cyprus
CZE|Czechia
DEU|Germany
DJI|Djibouti
DMA|Dominica
DNK|Denmark
DOM|Dominican Republic
DZA|Algeria
ECU|Ecuador
EGY|Egypt
ERI|Eritrea
ESH|Western Sahara
ESP|Spain
EST|Estonia
ETH|Ethiopia
FIN|Finland
FJI|Fiji
FLK|Falkland Islands (Malvinas)
FRA|France
FRO|Faroe Islands
FSM|Micronesia (Federated States of)
GAB|Gabon
GBR|United Kingdom
GEO|Georgia
GGY|Guernsey
GHA|Ghana
GIB|Gibraltar
GIN|Guinea
GLP|Guadeloupe
GMB|Gambia
GNB|Guinea-Bissau
GNQ|Equatorial Guinea
GRC|Greece
GRD|Grenada
GRL|Greenland
GTM|Guatemala
GUF|French Guiana
GUM|Guam
GUY|Guyana
HKG|Hong Kong
HMD|Heard Island and McDonald Islands
HND|Honduras
HRV|Croatia
HTI|Haiti
HUN|Hungary
IDN|Indonesia
IMN|Isle of Man
IND|India
IOT|British Indian Ocean Territory
IRL|Ireland
IRN|Iran
IRQ|Iraq
ISL|Iceland
ISR|Israel
ITA|Italy
JAM|Jamaica
JEY|Jersey
JOR|Jordan
JPN|Japan
KAZ|Kazakhstan
KEN|Kenya
KGZ|Kyrgyzstan
KHM|Cambodia
KIR|Kiribati
KNA|Saint Kitts and Nevis
KOR|Korea, Republic of
KWT|Kuwait
LAO|Lao People's Democratic Republic
LBN|Lebanon
LBR|Liberia
LBY|Libya
LCA|Saint Lucia
LIE|Liechtenstein
LKA|Sri Lanka
LSO|Lesotho
LTU|Lithuania
LUX|Luxembourg
LVA|Latvia
MAC|Macao
MAF|Saint Martin (French part)
MAR|Morocco
MCO|Monaco
MDA|Moldova
MDG|Madagascar
MDV|Maldives
MEX|Mexico
MHL|Marshall Islands
MKD|North Macedonia
MLI|Mali
MLT|Malta
MMR|Myanmar
MNE|Montenegro
MNG|Mongolia
MNP|Northern Mariana Islands
MOZ|Mozambique
MRT|Mauritania
MSR|Montserrat
MTQ|Martinique
MUS|Mauritius
MWI|Malawi
MYS|Malaysia
MYT|Mayotte
NAM|Namibia
NCL|New Caledonia
NER|Niger
NFK|Norfolk Island
NGA|Nigeria
NIC|Nicaragua
NIU|Niue
NLD|Netherlands
NOR|Norway
NPL|Nepal
NRU|Nauru
NZL|New Zealand
OMN|Oman
PAK|Pakistan
PAN|Panama
PCN|Pitcairn
PER|Peru
PHL|Philippines
PLW|Palau
PNG|Papua New Guinea
POL|Poland
PRI|Puerto Rico
PRK|Korea, Democratic People's Republic of
PRT|Portugal
PRY|Paraguay
PSE|Palestine, State of
PYF|French Polynesia
QAT|Qatar
REU|Réunion
ROU|Romania
RUS|Russian Federation
RWA|Rwanda
SAU|Saudi Arabia
SDN|Sudan
SEN|Senegal
SGP|Singapore
SGS|South Georgia and the South Sandwich Islands
SHN|Saint Helena, Ascension and Tristan da Cunha
SJM|Svalbard and Jan Mayen
SLB|Solomon Islands
SLE|Sierra Leone
SLV|El Salvador
SMR|San Marino
SOM|Somalia
SPM|Saint Pierre and Miquelon
SRB|Serbia
SSD|South Sudan
STP|Sao Tome and Principe
SUR|Suriname
SVK|Slovakia
SVN|Slovenia
SWE|Sweden
SWZ|Eswatini
SXM|Sint Maarten (Dutch part)
SYC|Seychelles
SYR|Syrian Arab Republic
TCA|Turks and Caicos Islands
TCD|Chad
TGO|Togo
THA|Thailand
TJK|Tajikistan
TKL|Tokelau
TKM|Turkmenistan
TLS|Timor-Leste
TON|Tonga
TTO|Trinidad and Tobago
TUN|Tunisia
TUR|Türkiye
TUV|Tuvalu
TWN|Taiwan
TZA|Tanzania
UGA|Uganda
UKR|Ukraine
UMI|United States Minor Outlying Islands
URY|Uruguay
USA|United States
UZB|Uzbekistan
VAT|Holy See
VCT|Saint Vincent and the Grenadines
VEN|Venezuela
VGB|Virgin Islands (British)
VIR|Virgin Islands (U.S.)
VNM|Viet Nam
VUT|Vanuatu
WLF|Wallis and Futuna
WSM|Samoa
YEM|Yemen
ZAF|South Africa
ZMB|Zambia
ZWE|Zimbabwe
`;

/** Zone 3: Mexico and the US territories of the Caribbean and the minor outlying islands (storefront section 9). */
export const ZONE3 = ['MEX', 'PRI', 'UMI', 'VIR'];

/** Zone 4, Europe: the EU, EFTA, the United Kingdom and its Crown dependencies, the Balkans and the microstates. */
export const ZONE4_EUROPE = [
  'ALA',
  'ALB',
  'AND',
  'AUT',
  'BEL',
  'BGR',
  'BIH',
  'CHE',
  'CYP',
  'CZE',
  'DEU',
  'DNK',
  'ESP',
  'EST',
  'FIN',
  'FRA',
  'FRO',
  'GBR',
  'GGY',
  'GIB',
  'GRC',
  'HRV',
  'HUN',
  'IMN',
  'IRL',
  'ISL',
  'ITA',
  'JEY',
  'LIE',
  'LTU',
  'LUX',
  'LVA',
  'MCO',
  'MDA',
  'MKD',
  'MLT',
  'MNE',
  'NLD',
  'NOR',
  'POL',
  'PRT',
  'ROU',
  'SMR',
  'SRB',
  'SVK',
  'SVN',
  'SWE',
  'UKR',
  'VAT',
];

/** Zone 4, Asia-Pacific: East, South-East and South Asia's main markets, Australia, New Zealand and the US Pacific territories. */
export const ZONE4_ASIA_PACIFIC = [
  'ASM',
  'AUS',
  'BGD',
  'BRN',
  'CHN',
  'GUM',
  'HKG',
  'IDN',
  'IND',
  'JPN',
  'KHM',
  'KOR',
  'LKA',
  'MAC',
  'MNP',
  'MYS',
  'NZL',
  'PHL',
  'SGP',
  'THA',
  'TWN',
  'VNM',
];

/** Zone 4, South America: the twelve sovereign states. */
export const ZONE4_SOUTH_AMERICA = ['ARG', 'BOL', 'BRA', 'CHL', 'COL', 'ECU', 'GUY', 'PER', 'PRY', 'SUR', 'URY', 'VEN'];

export const ZONE4 = [...ZONE4_EUROPE, ...ZONE4_ASIA_PACIFIC, ...ZONE4_SOUTH_AMERICA];

export function countries() {
  const z3 = new Set(ZONE3);
  const z4 = new Set(ZONE4);
  return COUNTRY_LINES.trim()
    .split('\n')
    .map((line) => {
      const [CODE, NAME] = line.split('|');
      let ZONE = 5;
      if (CODE === 'USA') ZONE = 1;
      else if (CODE === 'CAN') ZONE = 2;
      else if (z3.has(CODE)) ZONE = 3;
      else if (z4.has(CODE)) ZONE = 4;
      return { CODE, NAME, ZONE };
    });
}

const STATE_LINES = `
AL|Alabama
AK|Alaska
AZ|Arizona
AR|Arkansas
CA|California
CO|Colorado
CT|Connecticut
DE|Delaware
DC|District of Columbia
FL|Florida
GA|Georgia
HI|Hawaii
ID|Idaho
IL|Illinois
IN|Indiana
IA|Iowa
KS|Kansas
KY|Kentucky
LA|Louisiana
ME|Maine
MD|Maryland
MA|Massachusetts
MI|Michigan
MN|Minnesota
MS|Mississippi
MO|Missouri
MT|Montana
NE|Nebraska
NV|Nevada
NH|New Hampshire
NJ|New Jersey
NM|New Mexico
NY|New York
NC|North Carolina
ND|North Dakota
OH|Ohio
OK|Oklahoma
OR|Oregon
PA|Pennsylvania
RI|Rhode Island
SC|South Carolina
SD|South Dakota
TN|Tennessee
TX|Texas
UT|Utah
VT|Vermont
VA|Virginia
WA|Washington
WV|West Virginia
WI|Wisconsin
WY|Wyoming
AS|American Samoa
GU|Guam
MP|Northern Mariana Islands
PR|Puerto Rico
UM|United States Minor Outlying Islands
VI|Virgin Islands (U.S.)
`;

export function states() {
  return [
    { KEY: 'NOTUS', VALUE: 'Not United States' },
    ...STATE_LINES.trim()
      .split('\n')
      .map((line) => {
        const [KEY, VALUE] = line.split('|');
        return { KEY, VALUE };
      }),
  ];
}

/** Storefront section 9 shipping table, in cents. */
export function shippingZones() {
  const rows = [
    [1, 1000, 1200, 1200, 2000, 2500],
    [2, 4000, 5000, 6000, 8000, 1500],
    [3, 4000, 5000, 5500, 6500, 1500],
    [4, 6000, 7500, 9000, 13500, 2000],
    [5, 8000, 12500, 15000, 19500, 2000],
  ];
  return rows.map(([ZONE, ONETOFOUR, FIVETOTEN, ELEVENTOTWENTY, TWENTYPLUS, EXPEDITEDFEE]) => ({
    ZONE,
    ONETOFOUR,
    FIVETOTEN,
    ELEVENTOTWENTY,
    TWENTYPLUS,
    EXPEDITEDFEE,
  }));
}
