/** The sign-in page's floor (stack.tsx): a titled panel with the user name, the password and the button. */
import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { drawFirstScreen } from './stack.tsx';

function SignIn() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" component="form" sx={{ width: '100%', maxWidth: 400, p: 2.5 }}>
        <Typography component="h1" variant="h5" sx={{ textAlign: 'center', mb: 2 }}>
          SitePay
        </Typography>
        <TextField name="user_name" label="Tên đăng nhập" fullWidth required margin="normal" />
        <TextField name="password" type="password" label="Mật khẩu" fullWidth required margin="normal" />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }}>
          Đăng nhập
        </Button>
      </Paper>
    </Box>
  );
}

drawFirstScreen(SignIn);
