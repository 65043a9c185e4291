/** One (house, sex, scale) group with its first and last weighing day, raw rows or daily aggregates alike. */
export interface HeaderCombination {
  aviario: string;
  sexo: string;
  serie_balanca: string;
  primeira: unknown;
  ultima: unknown;
}

/** What the report filters offer (avesheader): the houses, sexes and scales seen and the first and last day. */
export function headerOf(combinations: readonly HeaderCombination[]) {
  const days = combinations.flatMap((row) => [row.primeira as string, row.ultima as string]).sort();
  return {
    aviarios: [...new Set(combinations.map((row) => row.aviario))],
    sexos: [...new Set(combinations.map((row) => row.sexo))],
    balancas: [...new Set(combinations.map((row) => row.serie_balanca))],
    primeira: days[0] ?? null,
    ultima: days[days.length - 1] ?? null,
  };
}
