/**
 * The five hero pictures, drawn as flat illustrations of the place: the practice's low coastal building with its
 * verandah and Norfolk pines, the bay with a jetty and sailing boats, the dunes with a family on the beach path, the
 * sea at evening, and the garden with the practice sign. One palette (the site's teal, sand and a warm accent) and
 * flat shapes only: flat colour compresses to a few KB, and the first picture is the phone's Largest Contentful Paint.
 *
 * The hero darkens the left of each picture for its text (src/blocks/Hero/Hero.module.scss) and a phone shows only
 * the middle third, so what matters in each scene stands in the middle and on the right.
 */
export const W = 1920;
export const H = 1080;

const P = {
  sky: '#cfe9ee', skyLow: '#f4e7cf', sun: '#fff3d6', cloud: '#ffffff',
  seaFar: '#7dbcc6', sea: '#3d8fa0', seaDeep: '#1f6878', foam: '#e8f5f6',
  sand: '#efdcb8', sandDark: '#dcc197', grass: '#8db574', grassDark: '#5f8d57',
  pine: '#2f6253', pineDark: '#234c40', trunk: '#6b513c', wood: '#9a7757',
  wall: '#fbf8f1', wallShade: '#e6e1d6', roof: '#b65a2b', roofDark: '#8f4320', trim: '#0b5563', glass: '#a9d3dc',
  ink: '#1b2a30', shirt: '#e07a3f', shirt2: '#0b5563', shirt3: '#f2c14e', skin: '#c98e6b', skin2: '#8d5a3f',
};

const f = (n: number) => Math.round(n * 10) / 10;
const g = (x: number, y: number, s: number, body: string) => `<g transform="translate(${f(x)} ${f(y)}) scale(${s})">${body}</g>`;

/** Sky in flat bands (lighter towards the horizon), the way flat illustrations paint it. */
function sky(colours: string[], horizon: number): string {
  const band = horizon / colours.length;
  return colours.map((c, i) => `<rect y="${f(i * band)}" width="${W}" height="${f(horizon - i * band)}" fill="${c}"/>`).join('');
}

function cloud(x: number, y: number, s: number, fill = P.cloud): string {
  return g(x, y, s, `<path d="M0 40 Q10 8 45 14 Q62 -8 92 8 Q125 0 130 30 Q150 34 148 40 Z" fill="${fill}"/>`);
}

/** A Norfolk pine: a straight trunk with flat, drooping tiers of branches narrowing to the top. */
function pine(x: number, base: number, h: number, fill = P.pine): string {
  const tiers: string[] = [];
  const n = 10;
  for (let i = 0; i < n; i++) {
    const y = base - h * 0.14 - (i * h * 0.8) / n;
    const w = h * 0.4 * (1 - i / n) + h * 0.05;
    const droop = h * 0.02;
    tiers.push(`<path d="M${f(x - w / 2)} ${f(y + droop)} Q${f(x)} ${f(y - h * 0.07)} ${f(x + w / 2)} ${f(y + droop)} Q${f(x)} ${f(y - h * 0.02)} ${f(x - w / 2)} ${f(y + droop)}Z"/>`);
  }
  return `<rect x="${f(x - h * 0.012)}" y="${f(base - h)}" width="${f(h * 0.024)}" height="${f(h)}" fill="${P.trunk}"/>`
    + `<g fill="${fill}">${tiers.join('')}<path d="M${f(x - h * 0.03)} ${f(base - h * 0.9)} L${f(x)} ${f(base - h)} L${f(x + h * 0.03)} ${f(base - h * 0.9)}Z"/></g>`;
}

function shrub(x: number, y: number, r: number, fill = P.grassDark): string {
  return `<g fill="${fill}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}"/><circle cx="${f(x + r * 0.9)}" cy="${f(y + r * 0.2)}" r="${f(r * 0.8)}"/><circle cx="${f(x - r * 0.9)}" cy="${f(y + r * 0.25)}" r="${f(r * 0.75)}"/></g>`;
}

/** The practice: a low weatherboard building with a hipped roof, a verandah on posts and a cross above the door. */
function practice(): string {
  const w = 760;
  const h = 210;
  const posts = Array.from({ length: 8 }, (_, i) => `<rect x="${-30 + i * ((w + 50) / 7)}" y="${-h + 30}" width="12" height="${h - 30}" fill="${P.wall}" stroke="${P.wallShade}" stroke-width="3"/>`).join('');
  const windows = [70, 200, 500, 630].map((x) => `<rect x="${x}" y="${-h + 70}" width="80" height="90" fill="${P.glass}" stroke="${P.trim}" stroke-width="8"/>`).join('');
  return `<polygon points="-40,${-h} ${w + 40},${-h} ${w - 90},${-h - 130} 90,${-h - 130}" fill="${P.roof}"/>`
    + `<polygon points="90,${-h - 130} ${w - 90},${-h - 130} ${w - 110},${-h - 118} 110,${-h - 118}" fill="${P.roofDark}"/>`
    + `<rect x="0" y="${-h}" width="${w}" height="${h}" fill="${P.wall}"/>`
    + Array.from({ length: 6 }, (_, i) => `<rect x="0" y="${-h + 24 + i * 32}" width="${w}" height="3" fill="${P.wallShade}"/>`).join('')
    + windows
    + `<rect x="330" y="${-h + 60}" width="100" height="${h - 60}" fill="${P.trim}"/><rect x="372" y="${-h + 80}" width="16" height="${h - 100}" fill="${P.glass}"/>`
    + `<polygon points="-60,${-h + 34} ${w + 60},${-h + 34} ${w + 40},${-h - 6} -40,${-h - 6}" fill="${P.roofDark}"/>`
    + `<circle cx="380" cy="${-h + 14}" r="26" fill="${P.trim}" stroke="#fff" stroke-width="4"/><path d="M374 ${-h}h12v8h8v12h-8v8h-12v-8h-8v-12h8z" fill="#fff"/>`
    + posts
    + `<rect x="-70" y="-14" width="${w + 140}" height="18" fill="${P.wood}"/>`;
}

function boat(x: number, y: number, s: number, sail = '#ffffff', hull = P.ink): string {
  return g(x, y, s, `<path d="M-70 0 L70 0 L50 22 L-52 22Z" fill="${hull}"/><rect x="-3" y="-150" width="6" height="150" fill="${P.ink}"/>`
    + `<path d="M6 -145 L6 -8 L78 -8Z" fill="${sail}"/><path d="M-6 -120 L-6 -8 L-58 -8Z" fill="${sail}" opacity="0.85"/>`);
}

/** A timber jetty seen side on: a deck on posts running out into the water. */
function jetty(x0: number, x1: number, deck: number, water: number, fill = P.wood): string {
  const posts: string[] = [];
  for (let x = x0; x <= x1; x += 70) posts.push(`<rect x="${x}" y="${deck}" width="12" height="${water - deck + 30}" fill="${fill}"/>`);
  return `<g>${posts.join('')}<rect x="${x0 - 10}" y="${deck - 16}" width="${x1 - x0 + 30}" height="18" fill="${fill}"/>`
    + `<rect x="${x0 - 10}" y="${deck - 46}" width="${x1 - x0 + 30}" height="6" fill="${fill}"/></g>`;
}

/** Gentle wave marks on water. */
function ripples(y0: number, y1: number, colour: string, seed: number): string {
  const marks: string[] = [];
  for (let i = 0; i < 18; i++) {
    const x = ((i * 733 + seed * 211) % 1800) + 40;
    const y = y0 + ((i * 397 + seed * 97) % Math.max(1, y1 - y0));
    const w = 40 + ((i * 53) % 70);
    marks.push(`<rect x="${x}" y="${f(y)}" width="${w}" height="5" rx="2.5" fill="${colour}"/>`);
  }
  return marks.join('');
}

/** A walking figure: head, body, legs mid-stride. */
function walker(x: number, base: number, s: number, shirt: string, skin: string): string {
  return g(x, base, s, `<path d="M-14 -70 L-26 0 L-14 0 L-2 -50 L10 0 L22 0 L10 -70Z" fill="${P.ink}"/>`
    + `<rect x="-22" y="-150" width="40" height="86" rx="16" fill="${shirt}"/><circle cx="-2" cy="-172" r="20" fill="${skin}"/>`
    + `<path d="M-22 -180 Q-2 -206 18 -182 Q6 -192 -22 -180Z" fill="${P.ink}"/>`);
}

function tufts(points: [number, number][], fill = P.grassDark): string {
  return `<g fill="${fill}">${points.map(([x, y]) => `<path d="M${x - 24} ${y} Q${x - 18} ${y - 40} ${x - 30} ${y - 70} Q${x - 6} ${y - 40} ${x} ${y - 80} Q${x + 6} ${y - 40} ${x + 30} ${y - 66} Q${x + 16} ${y - 36} ${x + 24} ${y}Z"/>`).join('')}</g>`;
}

const hill = (y: number, points: string, fill: string) => `<path d="M0 ${H} L0 ${y} ${points} L${W} ${H}Z" fill="${fill}"/>`;

export const scenes: { name: string; svg: string }[] = [
  {
    name: 'coast-morning',
    svg: sky([P.sky, '#d9edf0', '#e6efe6', P.skyLow], 600)
      + `<circle cx="1500" cy="210" r="80" fill="${P.sun}"/>` + cloud(980, 150, 1.6) + cloud(1620, 300, 1.1)
      + `<rect y="560" width="${W}" height="120" fill="${P.seaFar}"/>` + ripples(575, 650, P.foam, 1)
      + hill(690, 'Q480 640 960 690 Q1440 740 1920 660', P.grass)
      + pine(660, 880, 640, P.pineDark) + pine(1680, 880, 720) + pine(1820, 900, 560, P.pineDark)
      + g(820, 880, 1, practice())
      + hill(860, 'Q600 830 1100 880 Q1500 920 1920 880', P.grassDark)
      + `<path d="M1180 880 L1240 880 L1140 ${H} L960 ${H}Z" fill="${P.sand}"/>`
      + shrub(780, 880, 40) + shrub(1610, 890, 46) + shrub(1420, 950, 34, P.grass),
  },
  {
    name: 'bay-midday',
    svg: sky(['#bfe2ea', P.sky, '#e3f1f2'], 560)
      + `<circle cx="420" cy="180" r="70" fill="${P.sun}"/>` + cloud(1180, 120, 1.4) + cloud(1600, 230, 1)
      + `<path d="M0 560 L0 500 Q200 470 480 520 Q700 450 1040 558Z" fill="#8fb4a0"/>`
      + `<rect y="555" width="${W}" height="${H - 555}" fill="${P.seaFar}"/><rect y="700" width="${W}" height="${H - 700}" fill="${P.sea}"/>`
      + ripples(600, 690, P.foam, 2) + ripples(730, 1000, '#6fb0bd', 3)
      + boat(760, 600, 0.55) + boat(1240, 690, 0.9, '#fff', P.trim) + boat(1560, 600, 0.5, P.shirt3)
      + `<path d="M1380 ${H} Q1500 900 1920 860 L1920 ${H}Z" fill="${P.sand}"/>`
      + jetty(1020, 1720, 840, 900) + pine(1840, 880, 560),
  },
  {
    name: 'dunes-afternoon',
    svg: sky(['#f6dcc0', '#f8e6cc', '#fbefdb'], 560)
      + `<circle cx="1560" cy="300" r="110" fill="${P.sun}"/>` + cloud(820, 180, 1.3, '#fff6e8')
      + `<rect y="540" width="${W}" height="90" fill="${P.sea}"/>` + ripples(550, 610, P.foam, 4)
      + hill(620, 'Q400 560 820 640 Q1200 700 1520 620 Q1760 580 1920 640', P.sandDark)
      + hill(760, 'Q300 680 700 740 Q1000 790 1300 720 Q1650 660 1920 740', P.sand)
      + `<path d="M1020 ${H} Q1080 900 1180 800 Q1240 740 1300 720 L1340 722 Q1300 760 1280 820 Q1240 940 1300 ${H}Z" fill="#f7ead0"/>`
      + tufts([[300, 740], [420, 760], [620, 740], [1480, 700], [1620, 690], [1760, 720], [860, 880], [1500, 900], [1700, 960]])
      + Array.from({ length: 7 }, (_, i) => `<rect x="${980 + i * 40}" y="${900 - i * 30}" width="8" height="${60 - i * 4}" fill="${P.wood}"/>`).join('')
      + walker(1160, 860, 0.9, P.shirt2, P.skin) + walker(1230, 850, 0.85, P.shirt, P.skin2) + walker(1190, 880, 0.55, P.shirt3, P.skin),
  },
  {
    name: 'jetty-evening',
    svg: sky(['#2f4a78', '#4a5f8c', '#8a6f96', '#d48a73', '#f2b27f'], 620)
      + ['260,120', '520,80', '860,150', '330,260', '1120,70', '700,230'].map((p) => `<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="4" fill="#fff"/>`).join('')
      + `<circle cx="1180" cy="620" r="120" fill="#ffd9a0"/>`
      + `<rect y="620" width="${W}" height="${H - 620}" fill="#3b5a86"/><rect y="760" width="${W}" height="${H - 760}" fill="#2b4670"/>`
      + Array.from({ length: 9 }, (_, i) => `<rect x="${1180 - (110 - i * 10)}" y="${640 + i * 34}" width="${2 * (110 - i * 10)}" height="8" rx="4" fill="#f2b27f" opacity="0.8"/>`).join('')
      + ripples(660, 1040, '#4f6f9c', 5)
      + `<path d="M1480 624 Q1700 560 1920 585 L1920 624Z" fill="#1f3252"/>` + pine(1780, 630, 300, '#1f3252') + pine(1870, 630, 360, '#1f3252')
      + jetty(-20, 900, 800, 860, '#1d2c47') + boat(1420, 700, 0.5, '#f6e3c8', '#1d2c47'),
  },
  {
    name: 'garden-spring',
    svg: `<rect width="${W}" height="${H}" fill="#e9f4ea"/>` + sky([P.sky, '#dcefe9', '#e9f4ea'], 560)
      + `<circle cx="300" cy="200" r="80" fill="${P.sun}"/>` + cloud(1400, 130, 1.3)
      + pine(1120, 640, 520, P.pineDark) + pine(1820, 640, 600)
      + g(1240, 700, 0.75, practice())
      + hill(690, 'Q700 660 1920 700', P.grass)
      + `<path d="M1470 700 L1560 700 L1700 ${H} L1300 ${H}Z" fill="${P.sand}"/>`
      + Array.from({ length: 10 }, (_, i) => `<rect x="${60 + i * 70}" y="770" width="14" height="90" fill="#fff"/>`).join('') + `<rect x="40" y="790" width="700" height="12" fill="#fff"/>`
      + `<rect x="750" y="640" width="16" height="240" fill="${P.trunk}"/><rect x="1090" y="640" width="16" height="240" fill="${P.trunk}"/>`
      + `<rect x="720" y="560" width="420" height="160" rx="14" fill="${P.trim}"/>`
      + `<circle cx="800" cy="640" r="44" fill="#fff"/><path d="M790 612h20v18h18v20h-18v18h-20v-18h-18v-20h18z" fill="${P.roof}"/>`
      + `<rect x="870" y="605" width="230" height="22" rx="6" fill="#fff"/><rect x="870" y="645" width="170" height="14" rx="6" fill="${P.glass}"/><rect x="870" y="672" width="200" height="14" rx="6" fill="${P.glass}"/>`
      + shrub(200, 880, 60) + shrub(480, 900, 50, '#6d9a5c') + shrub(1780, 860, 56)
      + Array.from({ length: 40 }, (_, i) => `<circle cx="${80 + ((i * 397) % 1150)}" cy="${900 + ((i * 131) % 150)}" r="${9 + (i % 3) * 3}" fill="${['#f2c14e', '#e07a3f', '#ffffff', '#d96a8a'][i % 4]}"/>`).join(''),
  },
];
