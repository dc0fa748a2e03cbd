// A hook for measuring hand-written request rules (benchmarks/ablate-rules.ts): switches a rule
// off for the whole process. Every rule is on unless an ablation run turns it off; nothing in mdkg
// itself calls setRuleAblationForBenchmarks. (Clause splitting is turned off per search instead,
// with SearchOptions.clauses.)
export type AblatableRule = 'negation' | 'notVerbs' | 'phrasal' | 'englishWords' | 'equivalents' | 'object' | 'stateQuestions';

const off = new Set<AblatableRule>();

/** Benchmarks only: turns the named rules off (and every other rule on). */
export function setRuleAblationForBenchmarks(rules: readonly AblatableRule[]): void {
  off.clear();
  for (const r of rules) off.add(r);
}

export const ruleEnabled = (rule: AblatableRule): boolean => !off.has(rule);
