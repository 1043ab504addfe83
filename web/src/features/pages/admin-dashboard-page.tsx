export default function AdminDashboardPage() {
  return (
    <>
      <h1>Admin Dashboard</h1>
      <p>Administration tools are not available in the app yet.</p>
      <p className="muted">
        Accounts, groups and class membership are managed outside the app for now. This page will hold those tools once
        they exist.
      </p>
    </>
  );
}
