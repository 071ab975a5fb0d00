/**
 * The payment list's floor (stack.tsx): a top bar, the list's heading and the first page's requests as
 * cards (amount, approval and payment state; the contractor; number and date), from the same API answer
 * the app asks for (`bare-list.html?list=/api/…`), with the session the app keeps.
 */
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Chip, IconButton, Toolbar, Typography } from '@mui/material';
import { useLoaderData } from 'react-router';
import { WEB_APPLICATION_ID } from '../../domain/src/application-id.ts';
import { readSession, sessionHeaders } from '../../web/src/lib/session.ts';
import { drawFirstScreen } from './stack.tsx';

type Row = Record<string, unknown> & { id: number };

const money = new Intl.NumberFormat('vi-VN');
const text = (value: unknown) => (value == null ? '' : String(value));

/** The list's first page, as the app asks for it: the page's `list` parameter. */
async function firstPage({ request }: { request: Request }): Promise<Row[]> {
  const list = new URL(request.url).searchParams.get('list');
  if (!list?.startsWith('/api/')) throw new Error('bare-list.html?list=/api/… : the list to read');
  const answer = await fetch(list, { headers: sessionHeaders(WEB_APPLICATION_ID, readSession()) });
  if (!answer.ok) throw new Error(`${list}: ${answer.status}`);
  return ((await answer.json()) as { items: Row[] }).items;
}

function PaymentCards() {
  const rows = useLoaderData() as Row[];
  return (
    <>
      <AppBar position="sticky">
        <Toolbar>
          <IconButton color="inherit" edge="start" aria-label="Menu">
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="div" sx={{ ml: 1 }}>
            SitePay
          </Typography>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: 1 }}>
        <Typography variant="h5" component="h1" sx={{ my: 1 }}>
          Yêu cầu thanh toán
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => (
            <Box
              component="li"
              key={row.id}
              data-testid="list-card"
              sx={{ py: 1, px: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', fontWeight: 700 }}>
                {money.format(Number(row.amount ?? 0))} đ
                <Chip size="small" label={text(row.approval_status)} />
                <Chip size="small" variant="outlined" label={text(row.payment_status)} />
              </Box>
              <Typography variant="body2">{text(row.constructor_name)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {text(row.code)} · {text(row.date)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </>
  );
}

drawFirstScreen(PaymentCards, firstPage);
