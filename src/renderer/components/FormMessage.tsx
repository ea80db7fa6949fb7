// The answer to a form: an error is announced at once (alert), a success politely (status).
export type FormMessageValue = { kind: 'error' | 'ok'; text: string } | null;

export function FormMessage({ message }: { message: FormMessageValue }) {
  if (!message) return null;
  return (
    <p className={`form-message ${message.kind === 'error' ? 'is-error' : 'is-ok'}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}
