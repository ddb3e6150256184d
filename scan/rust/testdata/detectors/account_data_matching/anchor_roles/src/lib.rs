//! Account data matching (Anchor), with the relation checked from either
//! side: address = holder.field on the related account, a key comparison
//! in its constraint, or a token account unpacked by hand in the handler.
use anchor_lang::prelude::*;
use anchor_lang::solana_program::program_pack::Pack;
use spl_token::state::Account as RawTokenAccount;

declare_id!("MatR111111111111111111111111111111111111111");

#[program]
pub mod matching_roles {
    use super::*;

    pub fn insecure_set_fee(ctx: Context<InsecureSetFee>, fee: u16) -> Result<()> {
        ctx.accounts.settings.fee = fee;
        Ok(())
    }

    pub fn secure_set_fee(ctx: Context<SecureSetFee>, fee: u16) -> Result<()> {
        ctx.accounts.settings.fee = fee;
        Ok(())
    }

    pub fn secure_set_fee_by_key(ctx: Context<SecureSetFeeByKey>, fee: u16) -> Result<()> {
        ctx.accounts.settings.fee = fee;
        Ok(())
    }

    pub fn insecure_show_balance(ctx: Context<ShowBalance>) -> Result<()> {
        let wallet = RawTokenAccount::unpack(&ctx.accounts.wallet.data.borrow())?; // want "SOLANA_ACCOUNT_DATA_MATCHING"
        msg!("balance {}", wallet.amount);
        Ok(())
    }

    pub fn secure_show_balance(ctx: Context<ShowBalance>) -> Result<()> {
        let wallet = RawTokenAccount::unpack(&ctx.accounts.wallet.data.borrow())?;
        require_keys_eq!(wallet.owner, ctx.accounts.viewer.key(), MatchError::NotYours);
        msg!("balance {}", wallet.amount);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct InsecureSetFee<'info> {
    #[account(mut)]
    pub settings: Account<'info, Settings>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
    pub fee_admin: Signer<'info>,
}

#[derive(Accounts)]
pub struct SecureSetFee<'info> {
    #[account(mut)]
    pub settings: Account<'info, Settings>,
    #[account(address = settings.fee_admin @ MatchError::NotYours)]
    pub fee_admin: Signer<'info>,
}

#[derive(Accounts)]
pub struct SecureSetFeeByKey<'info> {
    #[account(mut)]
    pub settings: Account<'info, Settings>,
    #[account(constraint = fee_admin.key() == settings.fee_admin @ MatchError::NotYours)]
    pub fee_admin: Signer<'info>,
}

#[derive(Accounts)]
pub struct ShowBalance<'info> {
    /// CHECK: unpacked by hand.
    pub wallet: AccountInfo<'info>,
    pub viewer: Signer<'info>,
}

#[account]
pub struct Settings {
    pub fee_admin: Pubkey,
    pub fee: u16,
}

#[error_code]
pub enum MatchError {
    NotYours,
}

// The relation checked by a method of the stored data given the key.
pub mod by_method {
    use super::*;

    pub fn secure_set_fee_by_method(ctx: Context<SecureSetFeeByMethod>, fee: u16) -> Result<()> {
        ctx.accounts.settings.fee = fee;
        Ok(())
    }

    #[derive(Accounts)]
    pub struct SecureSetFeeByMethod<'info> {
        #[account(mut, constraint = settings.may_set_fee(fee_admin.key()) @ MatchError::NotYours)]
        pub settings: Account<'info, Settings>,
        pub fee_admin: Signer<'info>,
    }

    impl Settings {
        pub fn may_set_fee(&self, who: Pubkey) -> bool {
            self.fee_admin == who
        }
    }
}
