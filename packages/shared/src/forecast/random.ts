/**
 * Seeded random numbers for the forecast's bootstrap: the same seed gives the same draws on every
 * platform, so a forecast is reproducible (mulberry32, as the demo generator and test factories use).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw from a uniform source (Box–Muller, one of the pair). */
export function standardNormal(uniform: () => number): number {
  const u = 1 - uniform();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
}

/** A chi-square draw with `dof` degrees of freedom (Wilson–Hilferty: accurate enough for a scale's spread). */
export function chiSquare(uniform: () => number, dof: number): number {
  const spread = 2 / (9 * dof);
  return dof * Math.max(0, 1 - spread + standardNormal(uniform) * Math.sqrt(spread)) ** 3;
}
