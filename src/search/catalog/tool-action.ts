// The action of a tool: the first word of its name (`list` in listCoreV1NamespacedPod, `create` in
// create_issue), skipping a namespace prefix: a first word that at least half of the source's tools
// share (`browser_` in browser_navigate, `git_` in git_status); and its verb class by the one rule
// for a tool's verb (lexicon/verbs.ts `verbInWords`, over the words after the prefix:
// `find_and_delete_files` deletes).
import { verbInWords, type VerbClass } from '../../lexicon/verbs.js';
import { splitIdentifier } from '../../lexicon/words.js';

export interface ToolAction {
  /** The action word, lower case; undefined for an empty name. */
  word?: string;
  /** The tool's verb class, when its name has a listed verb (`connect` is not one; `read`, `get` are). */
  verbClass?: VerbClass;
}

/** Sources this small never count a shared first word as a namespace prefix. */
const MIN_SOURCE_FOR_PREFIX = 4;

/** The action of every tool, in order (`words`: the tools' names already split, when at hand). */
export function toolActions(
  tools: readonly { name: string; source: string }[],
  words: readonly (readonly string[])[] = tools.map((t) => splitIdentifier(t.name)),
): ToolAction[] {
  const firstBySource = new Map<string, Map<string, number>>();
  const sizes = new Map<string, number>();
  tools.forEach((t, i) => {
    sizes.set(t.source, (sizes.get(t.source) ?? 0) + 1);
    const first = words[i]![0];
    if (first === undefined) return;
    let counts = firstBySource.get(t.source);
    if (counts === undefined) firstBySource.set(t.source, (counts = new Map()));
    counts.set(first, (counts.get(first) ?? 0) + 1);
  });
  return tools.map((t, i) => {
    const w = words[i]!;
    const size = sizes.get(t.source) ?? 0;
    const shared = size >= MIN_SOURCE_FOR_PREFIX && (firstBySource.get(t.source)?.get(w[0] ?? '') ?? 0) >= size / 2;
    const rest = shared && w.length > 1 ? w.slice(1) : w;
    const word = rest[0];
    if (word === undefined) return {};
    const verbClass = verbInWords(rest)?.verbClass;
    return verbClass === undefined ? { word } : { word, verbClass };
  });
}
