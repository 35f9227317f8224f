import { useState } from 'react';
import { Segmented } from 'antd';
import type { BesideResultsProps } from '@/components/contents/search/HubSearch';
import { LazyAskPanel } from './LazyAsk';

type Mode = 'results' | 'ask';

/**
 * The search page's switch between its results and asking the hub; the Ask
 * box starts with the query typed so far. The conversation stays while the
 * results are shown.
 */
export function AskBesideResults({ question, children }: BesideResultsProps) {
  const [mode, setMode] = useState<Mode>('results');
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Segmented<Mode>
        aria-label="Show"
        value={mode}
        onChange={(value) => {
          setMode(value);
          if (value === 'ask') setAsked(true);
        }}
        options={[
          { value: 'results', label: 'Results' },
          { value: 'ask', label: 'Ask' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {mode === 'results' && children}
      {asked && (
        <div hidden={mode !== 'ask'}>
          <LazyAskPanel initialQuestion={question} />
        </div>
      )}
    </>
  );
}
