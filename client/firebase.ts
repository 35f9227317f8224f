/**
 * Optional "Continue with Google". Next inlines NEXT_PUBLIC_* values at build
 * time, so each is read by its literal name.
 */
const firebaseConfig = {
  apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY,
  authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN,
  projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
  appId: process.env.NEXT_PUBLIC_FIREBASE_APP_ID,
};

/** Read from the env values themselves so the build folds it to a constant. */
export const firebaseEnabled = Boolean(
  process.env.NEXT_PUBLIC_FIREBASE_API_KEY &&
    process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN &&
    process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
);

const friendlyErrors: Record<string, string> = {
  'auth/popup-closed-by-user': 'Google sign-in was cancelled.',
  'auth/cancelled-popup-request': 'Google sign-in was cancelled.',
  'auth/popup-blocked': 'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/network-request-failed': 'Could not reach Google. Check your connection and try again.',
};

/**
 * Opens Google's sign-in popup and returns the Firebase ID token for the API
 * to verify. Firebase is imported here, on demand, so nothing of it loads
 * when Google sign-in is not configured.
 */
export async function signInWithGoogle(): Promise<string> {
  if (!firebaseEnabled) throw new Error('Google sign-in is not available.');
  const [{ getApps, initializeApp }, { GoogleAuthProvider, getAuth, signInWithPopup }] = await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  const app = getApps()[0] ?? initializeApp(firebaseConfig);
  try {
    const credential = await signInWithPopup(getAuth(app), new GoogleAuthProvider());
    return await credential.user.getIdToken();
  } catch (error) {
    const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : '';
    throw new Error(friendlyErrors[code] ?? 'Google sign-in failed. Please try again.', { cause: error });
  }
}
