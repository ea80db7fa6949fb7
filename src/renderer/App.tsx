export function App() {
  return (
    <main className="app">
      <h1>Social Inbox</h1>
      <p>Every comment from every client's accounts, in one place — even offline.</p>
    </main>
  );
}
