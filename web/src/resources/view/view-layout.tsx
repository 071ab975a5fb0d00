/**
 * How the view page's parts stand. Without tabs: one card (heading, fields, buttons), then the blocks.
 * With tabs: a card with the heading, the buttons and the tab bar, then the open tab — the record's own
 * (its fields with activation and deletion at their foot, then the blocks) or a tab's sections.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';

export type ViewParts = {
  heading: React.ReactNode;
  details: React.ReactNode;
  buttons: React.ReactNode;
  blocks: React.ReactNode;
  dialogs: React.ReactNode;
};

const PAGE_GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' };

export function PlainView({ heading, details, buttons, blocks, dialogs }: ViewParts) {
  return (
    <Box sx={PAGE_GRID}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {heading}
        {details}
        {buttons}
      </Paper>
      {blocks}
      {dialogs}
    </Box>
  );
}

/** `onInfo`: the record's own tab is open, else `tabContent` is; `statusFoot`: the buttons at its foot. */
export function TabbedView({
  heading,
  details,
  buttons,
  blocks,
  dialogs,
  tabBar,
  onInfo,
  statusFoot,
  tabContent,
}: ViewParts & {
  tabBar: React.ReactNode;
  onInfo: boolean;
  statusFoot: React.ReactNode;
  tabContent: React.ReactNode;
}) {
  return (
    <Box sx={PAGE_GRID}>
      <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2, sm: 3 } }}>
        {heading}
        {buttons}
        {tabBar}
      </Paper>
      {onInfo ? (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {details}
            {statusFoot && (
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
                {statusFoot}
              </Box>
            )}
          </Paper>
          {blocks}
        </>
      ) : (
        tabContent
      )}
      {dialogs}
    </Box>
  );
}
