export interface Mutation {
  id: string;
  fault: string;
  file: string;
  find: string;
  replace: string;
  tests: string[];
  e2e?: boolean;
}
export declare const MUTATIONS: Mutation[];
