import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Alert, Button, Empty, Skeleton } from 'antd';
import styled from 'styled-components';
import type { JoinableHub } from '@/lib/contract/hubs';
import { colors } from '@/lib/palette';
import { hubApi } from '@/client/http/hubs-api';
import { errorMessage } from '@/client/http/clients';
import { useAuthStore } from '@/store/auth';
import { StepCard, StepHeading } from '@/components/onboarding/OnboardingLayout';
import { JoinableHubCard } from './JoinableHubCard';

const List = styled.div`
  display: grid;
  gap: 14px;
`;

const Footer = styled.p`
  margin: 24px 0 0;
  text-align: center;
  color: ${colors.textSecondary};
`;

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; hubs: JoinableHub[] };

export function JoinHubList() {
  const router = useRouter();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<(Load & { attempt: number }) | null>(null);
  const [joining, setJoining] = useState<string | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  // A ref, not state: a double click lands before the re-render disables the buttons.
  const inFlight = useRef(false);

  useEffect(() => {
    let current = true;
    hubApi.joinable().then(
      ({ data }) => current && setResult({ attempt, state: 'ready', hubs: data }),
      (e: unknown) => current && setResult({ attempt, state: 'failed', message: errorMessage(e) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // An answer for an earlier attempt means the retry is still loading.
  const load: Load = result?.attempt === attempt ? result : { state: 'loading' };
  const retry = () => setAttempt((n) => n + 1);

  const join = async (hub: JoinableHub) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setJoining(hub.domain_handle);
    setJoinError(null);
    try {
      await hubApi.join(hub.domain_handle);
      await useAuthStore.getState().loadUser();
      await router.replace('/');
    } catch (e) {
      setJoinError(errorMessage(e));
    } finally {
      inFlight.current = false;
      setJoining(null);
    }
  };

  return (
    <StepCard>
      <StepHeading
        step={2}
        title="Join your team"
        subtitle="These hubs are waiting for you — through an invitation or because they are open to your email domain."
      />
      {joinError && <Alert type="error" showIcon title={joinError} style={{ marginBottom: 16 }} />}
      {load.state === 'loading' && (
        <List aria-busy="true">
          <Skeleton avatar active paragraph={{ rows: 2 }} />
          <Skeleton avatar active paragraph={{ rows: 2 }} />
        </List>
      )}
      {load.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={`We could not load the hubs you can join. ${load.message}`}
          action={<Button size="small" onClick={retry}>Try again</Button>}
        />
      )}
      {load.state === 'ready' && load.hubs.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No hubs are waiting for you right now. Ask a colleague to invite you, or start a hub for your team."
        />
      )}
      {load.state === 'ready' && load.hubs.length > 0 && (
        <List>
          {load.hubs.map((hub) => (
            <JoinableHubCard
              key={hub.id}
              hub={hub}
              joining={joining === hub.domain_handle}
              disabled={joining !== null}
              onJoin={join}
            />
          ))}
        </List>
      )}
      <Footer>
        Starting something new? <Link href="/create-hub">Create a new hub</Link>
      </Footer>
    </StepCard>
  );
}
