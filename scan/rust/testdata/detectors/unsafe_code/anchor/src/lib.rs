//! Unsafe code (Anchor): raw pointer casts over account data bypass
//! alignment, length and lifetime checks.
use anchor_lang::prelude::*;

declare_id!("Unsf1111111111111111111111111111111111111111");

#[program]
pub mod unsafe_code {
    use super::*;

    pub fn insecure_read(ctx: Context<Read>) -> Result<()> {
        let data = ctx.accounts.state.try_borrow_data()?;
        let header = unsafe { &*(data.as_ptr() as *const Header) }; // want "SOLANA_UNSAFE_CODE"
        msg!("version {}", header.version);
        Ok(())
    }

    pub fn secure_read(ctx: Context<Read>) -> Result<()> {
        let data = ctx.accounts.state.try_borrow_data()?;
        let header: &Header = bytemuck::try_from_bytes(&data[..std::mem::size_of::<Header>()])
            .map_err(|_| error!(UnsafeError::Layout))?;
        msg!("version {}", header.version);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Read<'info> {
    /// CHECK: owner checked; the data is read as a Header.
    #[account(owner = crate::ID)]
    pub state: AccountInfo<'info>,
}

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Header {
    pub version: u64,
    pub len: u64,
}

pub struct RawView(*const u8);

unsafe impl Send for RawView {} // want "SOLANA_UNSAFE_CODE"

#[error_code]
pub enum UnsafeError {
    Layout,
}
