import parsePrometheusTextFormat from 'parse-prometheus-text-format';

// Reads a /metrics answer as Prometheus would, strictly: every line a HELP, a TYPE or a sample in the
// text format's grammar (escaped label values, a float or ±Inf/NaN), each sample under the family
// its # TYPE declared, no family or series twice, a histogram's buckets cumulative up to +Inf equal
// to its _count. The parse-prometheus-text-format package (a port of the reference clients' parser)
// reads it too and must find the same families; the values are read here, because that package
// folds a histogram's labelled series into one (its issue #13, open since 2020).

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL_NAME = '[a-zA-Z_][a-zA-Z0-9_]*';
/** A label value: any character but a quote, a backslash or a newline, or one of those escaped. */
const LABEL_VALUE = '(?:[^"\\\\\\n]|\\\\[\\\\"n])*';
const LABEL = `${LABEL_NAME}="${LABEL_VALUE}"`;
const LABELS = new RegExp(`(${LABEL_NAME})="(${LABEL_VALUE})"`, 'g');
/** A float as Prometheus reads one (Go's ParseFloat): NaN and Inf in any case, as prom-client writes `Nan`. */
const VALUE =
  '[-+]?(?:(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?)|[nN][aA][nN]';
const SAMPLE = new RegExp(`^(${NAME})(\\{(?:${LABEL}(?:,${LABEL})*)?\\})? (${VALUE})(?: -?\\d+)?$`);
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);

const SUFFIXES: Record<string, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = { name: string; type: string; help: string; samples: Sample[] };

const toNumber = (text: string) =>
  /nan/i.test(text) ? NaN : /inf/i.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : Number(text);

const unescape = (value: string) =>
  value.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));

/** The families; throws, naming the line, where the text breaks the format. */
export function parseExposition(text: string): Family[] {
  if (!text.endsWith('\n')) throw new Error('the text must end with a newline');
  const families: Family[] = [];
  const helps = new Map<string, string>();
  let family: Family | null = null;
  const seen = new Set<string>();
  const buckets = new Map<string, { last: number; inf?: number }>();
  const counts = new Map<string, number>();
  text.split('\n').forEach((line, index) => {
    const fail = (why: string): never => {
      throw new Error(`line ${index + 1} ${why}: ${JSON.stringify(line)}`);
    };
    if (line === '') return;
    const help = HELP.exec(line);
    if (help) return void helps.set(help[1]!, help[2]!);
    const type = TYPE.exec(line);
    if (type) {
      if (families.some((known) => known.name === type[1])) fail('declares a family twice');
      family = { name: type[1]!, type: type[2]!, help: helps.get(type[1]!) ?? '', samples: [] };
      families.push(family);
      return;
    }
    if (line.startsWith('#')) fail('is a comment of no known kind');
    const sample = SAMPLE.exec(line) ?? fail('is no sample');
    const [, name, labelText = '', value] = sample;
    const current = family ?? fail('has no # TYPE before it');
    const suffix = SUFFIXES[current.type]!.find((end) => name === `${current.name}${end}`);
    if (suffix === undefined) fail(`is not of the family ${current.name}`);
    if (seen.has(`${name}${labelText}`)) fail('repeats a series');
    seen.add(`${name}${labelText}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of labelText.matchAll(LABELS)) {
      if (key! in labels) fail(`names the label ${key} twice`);
      labels[key!] = unescape(raw!);
    }
    current.samples.push({ name: name!, labels, value: toNumber(value!) });
    if (current.type !== 'histogram') return;
    const { le, ...rest } = labels;
    const key = `${current.name}${JSON.stringify(Object.entries(rest).sort())}`;
    if (suffix === '_count') counts.set(key, Number(value));
    if (suffix !== '_bucket') return;
    if (le === undefined) fail('is a bucket without le');
    const state = buckets.get(key) ?? { last: 0 };
    if (Number(value) < state.last) fail('has a bucket below the one before it');
    state.last = Number(value);
    if (le === '+Inf') state.inf = Number(value);
    buckets.set(key, state);
  });
  for (const [key, state] of buckets) {
    if (state.inf === undefined) throw new Error(`${key} has no +Inf bucket`);
    if (counts.get(key) !== state.inf) throw new Error(`${key}: the +Inf bucket is not _count`);
  }
  // The reference clients' parser reads the same families of the same types.
  const theirs = parsePrometheusTextFormat(text).map(({ name, type }) => `${name} ${type.toLowerCase()}`);
  const ours = families.map(({ name, type }) => `${name} ${type}`);
  if (JSON.stringify(theirs) !== JSON.stringify(ours)) {
    throw new Error(`parse-prometheus-text-format reads other families: ${theirs.join(', ')}`);
  }
  return families;
}

/**
 * The value of the sample `name` (a histogram's: `…_count`, `…_sum`) with exactly these labels, or
 * undefined when there is none.
 */
export function sampleValue(
  families: Family[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  for (const family of families) {
    for (const sample of family.samples) {
      if (sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted) {
        return sample.value;
      }
    }
  }
  return undefined;
}
