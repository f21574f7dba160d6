// The dashboard's first-run checklist: verify the address, add a sender, send a test email to yourself. A step
// is done when the account shows it (verified; a sender exists; an email to the user's own address exists).
export interface FirstRunFacts {
  isVerified: boolean;
  hasSender: boolean;
  hasEmailedSelf: boolean;
}

export type FirstRunStepId = 'verify' | 'sender' | 'test-email';

export interface FirstRunStep {
  id: FirstRunStepId;
  title: string;
  isDone: boolean;
}

export function firstRunSteps(facts: FirstRunFacts): FirstRunStep[] {
  return [
    { id: 'verify', title: 'Verify your email address', isDone: facts.isVerified },
    { id: 'sender', title: 'Add a sender account', isDone: facts.hasSender },
    { id: 'test-email', title: 'Send a test email to yourself', isDone: facts.hasEmailedSelf },
  ];
}

export const TEST_EMAIL_SUBJECT = 'Your Mailwright test email';

/** The test email's body: HTML, so it also shows the open and click tracking at work. */
export function testEmailBody(name: string): string {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return `<p>${escapeHtml(greeting)}</p><p>This is the test email you sent yourself from the Mailwright dashboard. Your sender account works.</p>`;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}
