/** A third-party source the AI assistant can read from. */
export interface SourceConnector {
  id: string;
  name: string;
  description: string;
  /** What the assistant reads there. */
  contentKinds: readonly string[];
}

/** The catalogue of source connectors. */
export const sourceCatalogue: readonly SourceConnector[] = Object.freeze([
  { id: 'google_drive', name: 'Google Drive', description: 'Docs, Sheets and Slides in your Drive.', contentKinds: ['documents', 'spreadsheets', 'presentations'] },
  { id: 'notion', name: 'Notion', description: 'Pages and databases you can open in Notion.', contentKinds: ['pages', 'databases'] },
  { id: 'confluence', name: 'Confluence', description: 'Spaces and pages in Confluence Cloud.', contentKinds: ['pages'] },
  { id: 'jira', name: 'Jira', description: 'Issues and epics in Jira Cloud projects.', contentKinds: ['issues'] },
  { id: 'github', name: 'GitHub', description: 'Issues, pull requests and READMEs of repositories you can read.', contentKinds: ['issues', 'pull_requests', 'files'] },
  { id: 'slack', name: 'Slack', description: 'Messages in public channels you belong to.', contentKinds: ['messages'] },
  { id: 'figma', name: 'Figma', description: 'Frames and comments of Figma files shared with you.', contentKinds: ['designs', 'comments'] },
  { id: 'linear', name: 'Linear', description: 'Issues and projects in Linear.', contentKinds: ['issues', 'projects'] },
]);
