import Head from 'next/head';
import { useRouter } from 'next/router';
import type { AppPage } from '@/lib/page';
import { JoinHubList } from '@/components/hubs/JoinHubList';
import { HubLinkPreview } from '@/components/invitations/HubLinkPreview';
import { InvitationLanding } from '@/components/invitations/InvitationLanding';
import { withJoinHubLayout } from '@/components/invitations/JoinHubLayout';
import { RequireUser } from '@/components/invitations/RequireUser';

const queryValue = (value: string | string[] | undefined) => (typeof value === 'string' && value ? value : null);

/**
 * /join-hub?invitation=<token>: an emailed invitation, shown to anyone (signing
 * up or in comes back here). /join-hub?hub=<handle>: a public hub's join link.
 * /join-hub: the hubs the user may join. The last two need a signed-in user.
 */
const JoinHubPage: AppPage = () => {
  const router = useRouter();
  const invitation = queryValue(router.query.invitation);
  const hub = queryValue(router.query.hub);
  return (
    <>
      <Head>
        <title>{invitation ? 'Your invitation · Convene' : 'Join a hub · Convene'}</title>
      </Head>
      {invitation ? (
        <InvitationLanding token={invitation} />
      ) : (
        <RequireUser>{hub ? <HubLinkPreview handle={hub} /> : <JoinHubList />}</RequireUser>
      )}
    </>
  );
};

// The invitation must be readable signed out; RequireUser protects the rest.
JoinHubPage.access = 'public';
JoinHubPage.getLayout = withJoinHubLayout;

export default JoinHubPage;
