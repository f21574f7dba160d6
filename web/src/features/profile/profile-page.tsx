// /profile: name and avatar URL form, account info, change password, security block.
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { authApi } from '../../api';
import { buttonStyles } from '../../components/styles';
import { TextField } from '../../components/text-field';
import { useAuth } from '../auth';
import { planName } from '../billing/plan-catalogue';
import { formatViewerDate } from '../emails/format-email-time';
import { useFormErrors } from '../forms/use-form-errors';
import { cardStyles, PageHeading } from '../layout/page-heading';
import { ChangePasswordDialog } from './change-password-dialog';
import { LogOutEverywhereDialog } from './log-out-everywhere-dialog';
import { canChangePassword, OAUTH_ONLY_PASSWORD_MESSAGE } from './password-rules';

const PROFILE_FIELDS = { name: 'Name', avatar: 'Avatar URL' };

const providerNames: Record<string, string> = { google: 'Google', github: 'GitHub', microsoft: 'Microsoft' };

function Avatar({ url, name }: { url: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed)
    return <img src={url} alt="" className="h-16 w-16 rounded-full object-cover" onError={() => setFailed(true)} />;
  return (
    <span
      className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-100 text-xl font-bold text-indigo-700"
      aria-hidden="true"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-medium text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

export function ProfilePage() {
  const { user, setUser } = useAuth();
  const [name, setName] = useState(user?.name ?? '');
  const [avatar, setAvatar] = useState(user?.avatar ?? '');
  const [isSaving, setIsSaving] = useState(false);
  const [isPasswordOpen, setIsPasswordOpen] = useState(false);
  const [isLogOutEverywhereOpen, setIsLogOutEverywhereOpen] = useState(false);
  const errors = useFormErrors(PROFILE_FIELDS);
  if (!user) return null;
  const mayChangePassword = canChangePassword(user);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsSaving(true);
    errors.reset();
    try {
      const updated = await authApi.updateProfile({ name: name.trim(), avatar: avatar.trim() || null });
      setUser(updated);
      toast.success('Profile updated successfully');
    } catch (error) {
      errors.report(error, 'Failed to update profile');
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <>
      <PageHeading title="Profile" description="Your details and sign-in settings." />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        {/* self-start: the card is as tall as its fields, not stretched to the side column (rows and button keep their size). */}
        <form className={`${cardStyles} grid content-start gap-4 self-start p-4 sm:p-6`} onSubmit={(event) => void submit(event)}>
          <div className="flex items-center gap-4">
            <Avatar url={avatar.trim()} name={name || user.email} />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{user.name}</p>
              <p className="truncate text-sm text-slate-500">{user.email}</p>
            </div>
          </div>
          <TextField
            label="Name"
            required
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              errors.clear('name');
            }}
            error={errors.fields.name}
            autoComplete="name"
          />
          <TextField
            label="Avatar URL"
            type="url"
            value={avatar}
            onChange={(event) => {
              setAvatar(event.target.value);
              errors.clear('avatar');
            }}
            error={errors.fields.avatar}
            placeholder="https://example.com/me.png"
            hint="Optional"
          />
          <div className="flex items-center justify-end">
            <button type="submit" className={`${buttonStyles.primary} w-full sm:w-auto`} disabled={isSaving}>
              {isSaving ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </form>

        <div className="grid content-start gap-6">
          <section className={`${cardStyles} p-4 sm:p-6`}>
            <h2 className="text-base font-semibold text-slate-900">Account Info</h2>
            <dl className="mt-2 divide-y divide-slate-100">
              <Info label="Email">{user.email}</Info>
              <Info label="Plan">{planName(user.subscription?.plan ?? 'free')}</Info>
              <Info label="Status">{user.isVerified ? 'Verified' : 'Unverified'}</Info>
              {user.createdAt && <Info label="Member since">{formatViewerDate(user.createdAt)}</Info>}
            </dl>
          </section>
          <section className={`${cardStyles} p-4 sm:p-6`} aria-labelledby="security-title">
            <h2 id="security-title" className="text-base font-semibold text-slate-900">
              Security
            </h2>
            <dl className="mt-2 divide-y divide-slate-100">
              <Info label="Sign-in methods">
                {[...(user.hasPassword ? ['Password'] : []), ...user.oauthProviders.map((p) => providerNames[p] ?? p)].join(
                  ', ',
                ) || '—'}
              </Info>
              <Info label="Email verification">{user.isVerified ? 'Verified' : 'Not verified'}</Info>
            </dl>
            <div className="mt-4 grid gap-3">
              {mayChangePassword ? (
                <button type="button" className={`${buttonStyles.secondary} w-full`} onClick={() => setIsPasswordOpen(true)}>
                  Change Password
                </button>
              ) : (
                <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{OAUTH_ONLY_PASSWORD_MESSAGE}</p>
              )}
              <button
                type="button"
                className={`${buttonStyles.secondary} w-full`}
                onClick={() => setIsLogOutEverywhereOpen(true)}
              >
                Log out everywhere
              </button>
            </div>
          </section>
        </div>
      </div>
      {isPasswordOpen && <ChangePasswordDialog onClose={() => setIsPasswordOpen(false)} />}
      {isLogOutEverywhereOpen && <LogOutEverywhereDialog onClose={() => setIsLogOutEverywhereOpen(false)} />}
    </>
  );
}
