export declare function summarise(input: {
  started: Date;
  machine: { cores: number; cpu: string; loadAtStart: number[]; loadAtEnd: number[] };
  phases: { name: string; seconds: number; exitCode: number; signal?: string | null; load: { mean: number; max: number } }[];
  reports: Record<string, unknown>;
  counts: Record<string, { file: string; tests: number; assertions: number }[]>;
  root: string;
}): any;
export declare function renderSummary(summary: any): string;
