import Head from 'next/head';
import type { AppPage } from '@/lib/page';
import { colors } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { withAppLayout } from '@/components/layout/AppLayout';
import { UsagePanel } from '@/components/billing/UsagePanel';
import { PlanComparison } from '@/components/billing/PlanComparison';

/** The hub's plan: what it uses of its limits, the plans there are, and moving to another. */
const BillingPage: AppPage = () => {
  const subscription = useAuthStore((s) => s.subscription);
  const currency = useAuthStore((s) => s.currency);
  const hub = useAuthStore((s) => s.user?.active_organization);
  return (
    <>
      <Head>
        <title>Billing · Convene</title>
      </Head>
      <h1 style={{ margin: '0 0 4px', fontSize: 26, fontWeight: 600 }}>Billing</h1>
      <p style={{ margin: '0 0 20px', color: colors.textSecondary }}>
        {hub ? `${hub.name} · prices in ${currency}` : `Prices in ${currency}`}
      </p>
      <div style={{ display: 'grid', gap: 16 }}>
        <UsagePanel />
        <PlanComparison
          subscription={subscription}
          currency={currency}
          onChanged={(changed) => useAuthStore.setState({ subscription: changed, currency: changed.currency })}
        />
      </div>
    </>
  );
};

BillingPage.access = 'user';
BillingPage.getLayout = withAppLayout;

export default BillingPage;
