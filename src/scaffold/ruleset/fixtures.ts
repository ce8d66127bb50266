/** Small encounters for skeleton's tests, written as an encounter file would write them. */
export const duel = (over: { hero?: object; foe?: object } = {}) => ({
  ruleset: 'skeleton',
  name: 'duel',
  map: { width: 6, height: 4, terrain: [{ at: [2, 0], tags: ['rock'], blocksMove: true }] },
  units: [
    { id: 'hero', name: 'Hero', side: 'heroes', at: [1, 1], hp: 10, attack: 3, defence: 12, damage: '1d8', speed: 3, ...over.hero },
    { id: 'foe', name: 'Foe', side: 'foes', at: [4, 1], hp: 6, attack: 1, defence: 11, damage: '1d6', speed: 3, ...over.foe },
  ],
});
