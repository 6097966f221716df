/** The most entries a memo of the engine keeps: past it, the memo is emptied and fills again as words are met. */
export const memoLimit = 200_000;

/**
 * `compute(key)`, computed once per distinct key and kept (issue 34 point 8: what wink-nlp and the lexicons say of
 * a word is asked once per word, not once per token). The memo is emptied when it holds `memoLimit` entries, so a
 * thread reading text after text never grows past that.
 */
export function boundedMemo<K, V>(compute: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= memoLimit) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
