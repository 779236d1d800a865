// Static knowledge about rooms, receptacles and objects. Kept as plain data so that
// generation stays a pure function of the seed and the tables are easy to extend.

export type RoomKind = 'kitchen' | 'bathroom' | 'bedroom' | 'livingroom';

export type Process = 'clean' | 'heat' | 'cool';

/** The one appliance kind that performs each process (as in ALFWorld). */
export const APPLIANCE: Record<Process, string> = {
  clean: 'sinkbasin',
  heat: 'microwave',
  cool: 'fridge',
};

/** Receptacles that must be opened before their contents can be seen, taken or added to. */
export const OPENABLE = ['fridge', 'microwave', 'drawer', 'cabinet', 'safe'] as const;

export function isOpenableKind(kind: string): boolean {
  return (OPENABLE as readonly string[]).includes(kind);
}

export interface ObjectKind {
  rooms: RoomKind[];
  clean?: boolean;
  heat?: boolean;
  cool?: boolean;
  /** Small enough to be examined under a desklamp. */
  look?: boolean;
  /** Too bulky for drawers and safes. */
  large?: boolean;
}

export const OBJECTS: Record<string, ObjectKind> = {
  apple: { rooms: ['kitchen'], clean: true, heat: true, cool: true },
  bread: { rooms: ['kitchen'], heat: true, cool: true, large: true },
  potato: { rooms: ['kitchen'], clean: true, heat: true, cool: true },
  tomato: { rooms: ['kitchen'], clean: true, heat: true, cool: true },
  egg: { rooms: ['kitchen'], clean: true, heat: true, cool: true },
  lettuce: { rooms: ['kitchen'], clean: true, cool: true, large: true },
  mug: { rooms: ['kitchen', 'bedroom'], clean: true, heat: true, cool: true, look: true },
  cup: { rooms: ['kitchen'], clean: true, heat: true, cool: true },
  plate: { rooms: ['kitchen', 'livingroom'], clean: true, heat: true, cool: true, look: true },
  bowl: { rooms: ['kitchen', 'bedroom'], clean: true, cool: true, look: true },
  pan: { rooms: ['kitchen'], clean: true, cool: true, large: true },
  pot: { rooms: ['kitchen'], clean: true, cool: true, large: true },
  kettle: { rooms: ['kitchen'], clean: true, large: true },
  knife: { rooms: ['kitchen'], clean: true },
  butterknife: { rooms: ['kitchen'], clean: true },
  fork: { rooms: ['kitchen'], clean: true },
  spoon: { rooms: ['kitchen'], clean: true },
  spatula: { rooms: ['kitchen'], clean: true },
  ladle: { rooms: ['kitchen'], clean: true },
  saltshaker: { rooms: ['kitchen'] },
  peppershaker: { rooms: ['kitchen'] },
  winebottle: { rooms: ['kitchen'], cool: true },
  dishsponge: { rooms: ['kitchen', 'bathroom'], clean: true },
  soapbottle: { rooms: ['kitchen', 'bathroom'] },
  papertowelroll: { rooms: ['kitchen'] },
  soapbar: { rooms: ['bathroom'], clean: true },
  cloth: { rooms: ['bathroom'], clean: true },
  spraybottle: { rooms: ['bathroom'] },
  candle: { rooms: ['bathroom'] },
  toiletpaper: { rooms: ['bathroom'] },
  tissuebox: { rooms: ['bathroom', 'livingroom'], look: true },
  towel: { rooms: ['bathroom'] },
  scrubbrush: { rooms: ['bathroom'] },
  book: { rooms: ['bedroom', 'livingroom'], look: true },
  cellphone: { rooms: ['bedroom', 'livingroom'], look: true },
  pen: { rooms: ['bedroom'], look: true },
  pencil: { rooms: ['bedroom'], look: true },
  keychain: { rooms: ['bedroom', 'livingroom'], look: true },
  creditcard: { rooms: ['bedroom', 'livingroom', 'kitchen'], look: true },
  alarmclock: { rooms: ['bedroom'], look: true },
  cd: { rooms: ['bedroom'], look: true },
  laptop: { rooms: ['bedroom', 'livingroom'], large: true },
  pillow: { rooms: ['bedroom', 'livingroom'], look: true, large: true },
  statue: { rooms: ['bedroom', 'livingroom'], look: true },
  vase: { rooms: ['bedroom', 'livingroom'], look: true },
  teddybear: { rooms: ['bedroom'], look: true, large: true },
  baseballbat: { rooms: ['bedroom'], large: true },
  tennisracket: { rooms: ['bedroom'], large: true },
  remotecontrol: { rooms: ['livingroom'], look: true },
  newspaper: { rooms: ['livingroom'], look: true },
  box: { rooms: ['livingroom'], look: true, large: true },
  watch: { rooms: ['livingroom'], look: true },
};

/** The desklamp is listed among a receptacle's contents but can only be used, never taken. */
export const LAMP_KIND = 'desklamp';
export const LAMP_HOSTS = ['desk', 'sidetable', 'dresser'];

export interface ReceptacleKind {
  /** Object kinds it may hold at the start; 'any' means every object of the room. */
  accepts: 'any' | 'small' | string[];
  /** May appear as the goal's destination. */
  target: boolean;
}

const FOOD = ['apple', 'bread', 'potato', 'tomato', 'egg', 'lettuce'];
const DISHES = ['mug', 'cup', 'plate', 'bowl'];

export const RECEPTACLES: Record<string, ReceptacleKind> = {
  countertop: { accepts: 'any', target: true },
  cabinet: { accepts: 'any', target: true },
  drawer: { accepts: 'small', target: true },
  shelf: { accepts: 'any', target: true },
  diningtable: { accepts: 'any', target: true },
  fridge: { accepts: [...FOOD, ...DISHES, 'pan', 'pot', 'winebottle'], target: true },
  microwave: { accepts: [...FOOD.filter((f) => f !== 'lettuce'), ...DISHES], target: false },
  sinkbasin: {
    accepts: [...FOOD.filter((f) => f !== 'bread'), ...DISHES, 'pan', 'pot', 'knife', 'butterknife', 'fork', 'spoon', 'spatula', 'ladle', 'dishsponge', 'soapbar', 'cloth'],
    target: false,
  },
  stoveburner: { accepts: ['pan', 'pot', 'kettle'], target: false },
  coffeemachine: { accepts: ['mug'], target: false },
  toaster: { accepts: [], target: false },
  garbagecan: {
    accepts: [...FOOD, 'soapbottle', 'spraybottle', 'toiletpaper', 'newspaper', 'creditcard', 'cd', 'pencil', 'pen', 'tissuebox', 'papertowelroll', 'dishsponge'],
    target: true,
  },
  desk: { accepts: 'any', target: true },
  sidetable: { accepts: 'any', target: true },
  dresser: { accepts: 'any', target: true },
  coffeetable: { accepts: 'any', target: true },
  tvstand: { accepts: 'any', target: false },
  bed: { accepts: ['book', 'cellphone', 'laptop', 'pillow', 'creditcard', 'keychain', 'cd', 'teddybear', 'pen', 'pencil'], target: true },
  sofa: { accepts: ['pillow', 'remotecontrol', 'keychain', 'creditcard', 'newspaper', 'box', 'laptop', 'cellphone', 'book', 'watch'], target: true },
  armchair: { accepts: ['pillow', 'remotecontrol', 'keychain', 'creditcard', 'newspaper', 'box', 'laptop', 'cellphone', 'book', 'watch'], target: true },
  safe: { accepts: ['keychain', 'creditcard', 'cellphone', 'cd', 'watch', 'statue', 'vase'], target: true },
  toilet: { accepts: ['soapbottle', 'spraybottle', 'candle', 'toiletpaper', 'soapbar', 'cloth', 'tissuebox'], target: true },
  bathtubbasin: { accepts: ['soapbar', 'cloth'], target: true },
  towelholder: { accepts: ['towel'], target: false },
  toiletpaperhanger: { accepts: ['toiletpaper'], target: false },
};

export function accepts(receptacleKind: string, objectKind: string): boolean {
  const rule = RECEPTACLES[receptacleKind].accepts;
  if (rule === 'any') return true;
  if (rule === 'small') return !OBJECTS[objectKind].large;
  return rule.includes(objectKind);
}

/** How many of each receptacle kind a room has: [min, max]. */
export const ROOMS: Record<RoomKind, Record<string, [number, number]>> = {
  kitchen: {
    cabinet: [3, 8],
    countertop: [1, 3],
    drawer: [1, 5],
    fridge: [1, 1],
    microwave: [1, 1],
    sinkbasin: [1, 1],
    stoveburner: [2, 4],
    diningtable: [0, 1],
    shelf: [0, 3],
    garbagecan: [1, 1],
    coffeemachine: [1, 1],
    toaster: [1, 1],
  },
  bathroom: {
    toilet: [1, 1],
    sinkbasin: [1, 2],
    bathtubbasin: [1, 1],
    cabinet: [2, 4],
    countertop: [1, 1],
    drawer: [0, 3],
    shelf: [0, 2],
    garbagecan: [1, 1],
    towelholder: [1, 1],
    toiletpaperhanger: [1, 1],
  },
  bedroom: {
    bed: [1, 1],
    desk: [1, 2],
    drawer: [2, 6],
    shelf: [1, 5],
    sidetable: [0, 2],
    dresser: [1, 1],
    garbagecan: [1, 1],
    safe: [0, 1],
    armchair: [0, 1],
  },
  livingroom: {
    sofa: [1, 1],
    armchair: [1, 2],
    coffeetable: [1, 1],
    sidetable: [1, 2],
    diningtable: [0, 1],
    drawer: [1, 4],
    cabinet: [0, 4],
    shelf: [0, 4],
    tvstand: [1, 1],
    garbagecan: [1, 1],
    safe: [0, 1],
  },
};
