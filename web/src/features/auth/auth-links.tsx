// The links under an AuthCard: to the other of login/signup, or back to login.
import { Link } from 'react-router-dom';
import { linkStyles } from '../../components/styles';

export function AuthSwitchLink({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <>
      {question}{' '}
      <Link to={to} className={linkStyles}>
        {label}
      </Link>
    </>
  );
}

export function BackToLoginLink() {
  return (
    <Link to="/login" className={linkStyles}>
      ← Back to login
    </Link>
  );
}
