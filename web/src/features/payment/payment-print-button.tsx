/**
 * The print of a payment request: one button opening a menu of Word (.docx) and PDF. A PDF the
 * server cannot make (501 `pdf_unavailable`: LibreOffice is not installed) is told by the notice
 * and the PDF entry then stays disabled with the same words, while Word keeps printing.
 */
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Payment } from '@sitepay/domain/payment.schema';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import { type PrintFormat, usePrint } from './payment.queries.ts';

export function PaymentPrintButton({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const print = usePrint();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // the words of a 501: PDF cannot be made on this server (until it is restarted with LibreOffice)
  const [noPdf, setNoPdf] = useState<string | null>(null);
  const menuId = useId();
  const choose = (format: PrintFormat) => {
    setAnchor(null);
    print.mutate(
      { payment, format },
      {
        onError: (error) => {
          if (format === 'pdf' && error instanceof ApiError && error.status === 501)
            setNoPdf(errorMessage(error, t));
        },
      },
    );
  };
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={print.isPending}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        data-testid="print"
        startIcon={print.isPending ? <CircularProgress size={18} color="inherit" /> : <PrintOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
      >
        {t('payment.view.print')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { maxWidth: 340 } } }}
      >
        <MenuItem onClick={() => choose('docx')} data-testid="print-docx">
          <ListItemIcon>
            <DescriptionOutlinedIcon fontSize="small" color="primary" />
          </ListItemIcon>
          <ListItemText primary={t('payment.print.docx')} secondary={t('payment.print.docxHint')} />
        </MenuItem>
        <MenuItem onClick={() => choose('pdf')} disabled={noPdf !== null} data-testid="print-pdf">
          <ListItemIcon>
            <PictureAsPdfOutlinedIcon fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText
            primary={t('payment.print.pdf')}
            secondary={noPdf ?? t('payment.print.pdfHint')}
            slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
          />
        </MenuItem>
      </Menu>
    </>
  );
}
