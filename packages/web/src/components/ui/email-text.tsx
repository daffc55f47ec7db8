/**
 * An e-mail that, short of room, goes to the line before its @ rather than anywhere in its name or
 * its domain: the two tables' e-mail columns are narrower than most addresses below 1,100 px.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
