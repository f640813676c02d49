/**
 * The same problems where the editor's own boxes read what staff type in their own way: a date is typed and shown as
 * an Australian writes it (28/11/2026, 28 November 2026), and kept as year-month-day in the file. Each says what was
 * typed (or, when nothing was, which field) and how to write it. Asserted word for word in tests/editor/browser/dates.test.ts.
 */
export const editorCatalogue = {
  /** `field`: the field's label; `typed`: what is in the box. */
  BadDate: (field: string, typed: string) =>
    `${typed.trim() ? `${typed.trim()} is not a date` : `${field} is not filled in`}. Write the day, month and year, e.g. 28/11/2026 or 28 November 2026.`,
  /** Approval: the request is another version than the one the approver read (the author changed it meanwhile). */
  ApprovalChanged: (name: string) => `${name} changed this request after you opened it: read it again.`,
  /** Approval: above the uploaded files a request would publish with it. */
  ApprovalFiles: () => 'Files uploaded with it:',
  /** History: going back to a version, or undoing one, when it cannot be done as asked. */
  HistoryNotHere: () => 'That version is not in the website\'s history any more. The list has been refreshed.',
  HistoryFirst: () => 'This is the first version of the website: there is nothing before it to go back to.',
  HistoryMovedSinceAsked: () => 'Someone published since you were shown what this return takes back, and the return would take back their change too, so nothing was published. The list has been brought up to date: read it again, then press Return and publish.',
  HistoryNotAsked: () => 'A return must first show what it takes back, so nothing was published. Press "Return to this version" again.',
  HistoryNothingNew: () => 'The website has these contents already, so nothing was published.',
  HistoryUnfit: (n: number) => `Going back would leave the website with ${n === 1 ? '1 problem' : `${n} problems`} (its checks are stricter than they were), so nothing was published. Make the change in the form instead.`,
  HistoryClash: (n: number) => `A later version changed ${n === 1 ? 'a place' : `${n} places`} this change touched too, so nothing was published. Choose which value to keep for each, then press the button again.`,
  HistoryOnlyPublishers: () => 'Going back puts a version on the website at once, so only a colleague who may publish can do it: ask one of them.',
  HistoryCannot: () => 'Publishing is not set up here, so the website\'s history cannot be shown. Ask the person who looks after the website.',
  /**
   * History searched by a part of the site and by a colleague (either may be ''), when no version listed matches.
   * `shown`: how many versions are listed; `more`: older ones can be listed yet.
   */
  HistoryNoneFound: (shown: number, part: string, person: string, more: boolean) => {
    const what = [part && `changed ${part}`, person && `was published or approved by ${person}`].filter(Boolean).join(' and ');
    return more ? `No version among the newest ${shown} ${what}. Show older versions to look further back.` : `None of the website's ${shown} versions ${what}.`;
  },
  /** People: changing or taking off a colleague by an address that holds what no address on the list can. */
  PersonAddressHidden: () => 'That e-mail address holds an invisible character, so it is nobody on the list. The list has been refreshed; choose the colleague there.',
  /** Signing in with an address that `npm start` printed, each made for one person. */
  LocalAddressUsed: () => 'This sign-in address has been used already or is not right. Use the newest address npm start printed.',
  LocalAddressForAnother: (email: string) => `This sign-in address was made for ${email}. Type that e-mail address, or ask the practice manager for an address of your own.`,
  LocalAddressTakenOff: () => 'The person this sign-in address was made for is no longer on the list of people who may edit this website. Ask the practice manager to invite you again.',
  LocalAddressNotFirst: () => 'This address was for the first person to sign in, and someone has already. Ask the practice manager to invite you.',
  /**
   * Signing in to /admin on a Supabase project, by a code (or a link) e-mailed through the project's mail service.
   * `said`: Supabase Auth's own words, for an answer none of these names.
   */
  SignInCodeSent: (email: string) => `A code is on its way to ${email}. Type it below: it works once, within an hour. (The e-mail's link signs you in too, on the device you open it on.)`,
  SignInNotInvited: (email: string) => `Nobody has been invited with the address ${email}. Check it; if it is right, ask the practice manager to invite you (People, in the editor).`,
  SignInMailRefused: () => 'The sign-in e-mail could not be sent: the website\'s mail service refused it or could not be reached. Ask the practice manager for a sign-in link (People, "Sign-in link"), and tell the person who looks after the website that its e-mail settings need checking.',
  SignInMailTooMany: () => 'Too many sign-in e-mails were asked for in a short time, so no e-mail was sent. Wait a few minutes and try again, or ask the practice manager for a sign-in link (People, "Sign-in link").',
  SignInCodeWrong: () => 'That code is not right, or it has expired. Type the six digits of the newest e-mail, or ask for a new code.',
  SignInLinkExpired: () => 'That sign-in link has expired or has been used already. Type your e-mail address to get a new code.',
  SignInOffline: () => 'The sign-in service could not be reached. Check the internet connection, then try again.',
  SignInFailed: (said: string) => `Signing in did not work${said ? ` (${said.replace(/\.$/, '')})` : ''}. Try again in a minute; if it happens again, ask the practice manager for a sign-in link.`,
  /** People: a sign-in link made for a colleague whose e-mail does not arrive, copied for the manager to pass on. */
  PeopleLinkCopied: (name: string) => `A sign-in link for ${name} is copied. Give it to ${name} alone (a text message, say): whoever opens it is signed in as them. It works once, within an hour.`,
  PeopleLinkShown: (name: string) => `The sign-in link for ${name} is below: copy it and give it to ${name} alone. Whoever opens it is signed in as them. It works once, within an hour.`,
  /** The tab a file opens in from the preview (a PDF of the draft), while its bytes come, and when they cannot. `why`: the editor's answer. */
  PreviewFileOpening: () => 'Opening the file...',
  PreviewFileNotOpened: (why: string) => `The file could not be opened.${why ? ` ${why}` : ''} Close this tab, then click its link in the preview again.`,
  /**
   * An open editor told what colleagues did (src/editor/news.tsx). `who`, `when`: the new version's author and time
   * ("at 10:42 am on 6 December 2026"); `kept`: the person has a draft, which stays as it is.
   */
  NewsPublished: (who: string, when: string, kept: boolean) =>
    `${who} published a new version of the website${when}. ${kept ? 'Your changes stay as they are, and go with it when you publish.' : 'The form now shows it.'}`,
  NewsApproved: () => 'Your changes are on the website: a colleague approved and published them. The form now shows the website\'s version.',
  NewsSentBack: (by: string) => `${by} sent your changes back with a note (below).`,
  NewsAsked: (n: number) => `${n === 1 ? 'A request' : `${n} requests`} for approval ${n === 1 ? 'waits' : 'wait'}: press "Waiting for approval".`,
  /**
   * The preview behind the form: in its frame when a page throws as it is drawn from the text as it is now; above it
   * when the last change could not be drawn (`PreviewBehind`) or the frame did not answer (`PreviewNotAnswering`).
   */
  PreviewCannotDraw: () => 'This page cannot be drawn from the text as it is now. It shows again once the text is complete.',
  PreviewBehind: () => 'The preview shows the page as it was before your last change, which it cannot draw yet (perhaps something is half typed). It catches up by itself once it can; your changes are saved.',
  PreviewNotAnswering: () => 'The preview has not shown your last change: it stopped answering. Press Reload above it to draw the page again; your changes are saved.',
  /**
   * To a person who manages people, in the editor: the key the website is published with (a fine-grained GitHub
   * token) expires within days (`days`: 0 today, 1 tomorrow), or has expired. `date`: "20 December 2026".
   */
  KeyExpiresSoon: (date: string, days: number) =>
    `The key the editor publishes to GitHub with expires on ${date} (${days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`}). After that nobody can publish until it is replaced: ask the person who looks after the website to make a new one and set it as GITHUB_TOKEN (EDITING.md, "The editor at /admin", step 1).`,
  KeyExpired: (date: string) =>
    `The key the editor publishes to GitHub with expired on ${date}, so nobody can publish; everyone's work is kept as drafts. Ask the person who looks after the website to make a new one and set it as GITHUB_TOKEN (EDITING.md, "The editor at /admin", step 1).`,
} as const;
