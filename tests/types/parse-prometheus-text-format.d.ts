// The npm package ships no types: what tests/observability/metrics.api.test.ts reads of its answer.
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string>;
  export type ParsedSample =
    | { labels?: Labels; value: string }
    | { labels?: Labels; buckets: Record<string, string>; count: string; sum: string }
    | { labels?: Labels; quantiles: Record<string, string>; count: string; sum: string };
  export type ParsedFamily = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  };
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
