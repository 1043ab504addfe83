// The LMS's pages: plain HTML a person or a browser test reads by its headings, labels and link names.
import type { Course, CourseItem, LtiAccount } from './course';
import { escapeHtml as e } from './http';

function layout(title: string, body: string, user?: LtiAccount): string {
  const signedIn = user
    ? `<form method="post" action="/sign-out"><p>Signed in as ${e(user.name)} (${user.role}) <button type="submit">Sign out</button></p></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(title)} · Local LMS</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:60rem}iframe{width:100%;height:70vh;border:1px solid #888}
table{border-collapse:collapse}th,td{border:1px solid #888;padding:.3rem .6rem;text-align:left}[role=alert]{color:#a00}</style>
</head><body><header><p><a href="/">Local LMS</a></p>${signedIn}</header><main>${body}</main></body></html>`;
}

export function signInPage(accounts: LtiAccount[], error?: string): string {
  return layout(
    'Sign in',
    `<h1>Sign in to the LMS</h1>
${error ? `<p role="alert">${e(error)}</p>` : ''}
<form method="post" action="/sign-in">
<p><label>E-mail <input name="email" type="email" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p>
</form>
<h2>Course members</h2>
<ul>${accounts.map((account) => `<li>${e(account.name)}, ${e(account.email)}, ${account.role}, password ${e(account.password)}</li>`).join('')}</ul>`,
  );
}

export function coursePage(course: Course, user: LtiAccount, notice: { message?: string; error?: string }): string {
  const items = course.itemList();
  const list = items.length
    ? `<ul>${items.map((item) => itemEntry(item)).join('')}</ul>`
    : '<p>No activities yet.</p>';
  const teacherTools =
    user.role === 'Instructor'
      ? `<p><a href="/add-tool">Add external tool</a> · <a href="/deep-linking/start?target=window">Add external tool in this window</a></p>`
      : '';
  return layout(
    course.title,
    `<h1>${e(course.title)}</h1>
${notice.message ? `<p role="status">${e(notice.message)}</p>` : ''}
${notice.error ? `<p role="alert">${e(notice.error)}</p>` : ''}
<h2>Activities</h2>
${list}
${teacherTools}
<p><a href="/gradebook">Gradebook</a></p>`,
    user,
  );
}

function itemEntry(item: CourseItem): string {
  return `<li><a href="/items/${encodeURIComponent(item.id)}">${e(item.title)}</a>${item.text ? ` — ${e(item.text)}` : ''}
(<a href="/launch/${encodeURIComponent(item.id)}?target=window" aria-label="Open ${e(item.title)} in this window">open in this window</a>)</li>`;
}

/** An LMS shows the tool in a frame; the frame's first request starts the launch. */
export function framePage(title: string, src: string, user: LtiAccount): string {
  return layout(title, `<h1>${e(title)}</h1><iframe title="${e(title)}" src="${e(src)}" allow="fullscreen"></iframe><p><a href="/">Back to the course</a></p>`, user);
}

/** The OIDC form_post response (and nothing else): posts itself, with a button if scripts are off. */
export function formPostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Launching…</title></head>
<body><form method="post" action="${e(action)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form>
<script>document.forms[0].submit()</script></body></html>`;
}

/** After a deep linking response: the course page takes the whole window again, even from within the frame. */
export function backToCoursePage(location: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Back to the course</title></head>
<body><p><a href="${e(location)}" target="_top">Back to the course</a></p>
<script>window.top.location.assign(${JSON.stringify(location)})</script></body></html>`;
}

export function gradebookPage(course: Course, user: LtiAccount): string {
  const columns = course.gradebook();
  const students = course.memberList().filter((member) => member.role === 'Learner' && (user.role === 'Instructor' || member.userId === user.userId));
  const cell = (column: (typeof columns)[number], student: LtiAccount) => {
    const result = column.results.find((entry) => entry.userId === student.userId);
    if (!result) return '<td>—</td>';
    const score = result.scoreGiven !== undefined ? `${result.scoreGiven} / ${result.scoreMaximum}` : result.activityProgress;
    return `<td>${e(score)}${result.gradingProgress === 'FullyGraded' ? '' : ` (${e(result.gradingProgress)})`}</td>`;
  };
  const table = columns.length
    ? `<table><caption>Scores in ${e(course.title)}</caption>
<thead><tr><th scope="col">Student</th>${columns.map((column) => `<th scope="col">${e(column.lineItem.label)} (out of ${column.lineItem.scoreMaximum})</th>`).join('')}</tr></thead>
<tbody>${students.map((student) => `<tr><th scope="row">${e(student.name)}</th>${columns.map((column) => cell(column, student)).join('')}</tr>`).join('')}</tbody></table>`
    : '<p>No graded activities yet.</p>';
  return layout('Gradebook', `<h1>Gradebook</h1>${table}<p><a href="/">Back to the course</a></p>`, user);
}

export function messagePage(title: string, message: string, user?: LtiAccount): string {
  return layout(title, `<h1>${e(title)}</h1><p role="alert">${e(message)}</p><p><a href="/">Back to the course</a></p>`, user);
}
