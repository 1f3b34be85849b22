'use client';

// Replaces the root layout when it fails, so it brings its own document and a few inline styles.
import { useEffect } from 'react';

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <html lang="en">
      <body
        style={{
          margin: 0,
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
          color: '#1f1d1a',
          background: '#fff',
        }}
      >
        <title>Something went wrong · Lamplight</title>
        <main style={{ maxWidth: 520, padding: 24, textAlign: 'center' }}>
          <h1 style={{ fontFamily: "'Iowan Old Style', Georgia, serif", fontSize: '2rem' }}>
            Something went wrong
          </h1>
          <p style={{ lineHeight: 1.6 }}>Lamplight could not load this page. Please try again.</p>
          <button
            type="button"
            onClick={() => retry()}
            style={{
              marginTop: 12,
              padding: '10px 20px',
              border: 0,
              borderRadius: 999,
              background: '#a3560b',
              color: '#fff',
              font: 'inherit',
              cursor: 'pointer',
            }}
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
