//! Duplicate mutable accounts (Anchor before 1.0): two mutable accounts of
//! one type may be the same account; the second write wins on exit.
use anchor_lang::prelude::*;

declare_id!("Dupl1111111111111111111111111111111111111111");

#[program]
pub mod duplicate_mut {
    use super::*;

    pub fn insecure_settle(ctx: Context<InsecureSettle>, amount: u64) -> Result<()> {
        ctx.accounts.from.balance = ctx.accounts.from.balance.checked_sub(amount).unwrap_or_default();
        ctx.accounts.to.balance = ctx.accounts.to.balance.saturating_add(amount);
        Ok(())
    }

    pub fn secure_settle(ctx: Context<SecureSettle>, amount: u64) -> Result<()> {
        ctx.accounts.from.balance = ctx.accounts.from.balance.checked_sub(amount).unwrap_or_default();
        ctx.accounts.to.balance = ctx.accounts.to.balance.saturating_add(amount);
        Ok(())
    }

    pub fn secure_settle_checked(ctx: Context<InsecureSettleChecked>, amount: u64) -> Result<()> {
        require_keys_neq!(ctx.accounts.from.key(), ctx.accounts.to.key(), DupError::SameAccount);
        ctx.accounts.from.balance = ctx.accounts.from.balance.checked_sub(amount).unwrap_or_default();
        ctx.accounts.to.balance = ctx.accounts.to.balance.saturating_add(amount);
        Ok(())
    }

    // Zero-copy ledgers whose guards are held at once: passing one account
    // twice fails the second load_mut (the RefCell is already borrowed).
    pub fn secure_swap_books(ctx: Context<SecureSwapBooks>) -> Result<()> {
        let mut pair = BookPair {
            left: ctx.accounts.left.load_mut()?,
            right: ctx.accounts.right.load_mut()?,
        };
        std::mem::swap(&mut pair.left.total, &mut pair.right.total);
        Ok(())
    }

    pub fn secure_move_total(ctx: Context<SecureMoveTotal>, amount: u64) -> Result<()> {
        let mut source = ctx.accounts.source.load_mut()?;
        let mut sink = ctx.accounts.sink.load_mut()?;
        source.total = source.total.saturating_sub(amount);
        sink.total = sink.total.saturating_add(amount);
        Ok(())
    }

    // Each guard is a temporary dropped before the next borrow; the stale
    // totals read first are written back, so one account passed twice ends
    // with the credit and the debit lost.
    pub fn insecure_move_total(ctx: Context<InsecureMoveTotal>, amount: u64) -> Result<()> {
        let source_total = ctx.accounts.source.load()?.total;
        let sink_total = ctx.accounts.sink.load()?.total;
        ctx.accounts.source.load_mut()?.total = source_total.saturating_sub(amount);
        ctx.accounts.sink.load_mut()?.total = sink_total.saturating_add(amount + amount);
        Ok(())
    }

    pub fn insecure_move_dropped(ctx: Context<InsecureMoveDropped>, amount: u64) -> Result<()> {
        let mut source = ctx.accounts.source.load_mut()?;
        let before = source.total;
        source.total = before.saturating_sub(amount);
        drop(source);
        let mut sink = ctx.accounts.sink.load_mut()?;
        sink.total = before.saturating_add(amount);
        Ok(())
    }
}

pub struct BookPair<'a> {
    pub left: RefMut<'a, Ledger>,
    pub right: RefMut<'a, Ledger>,
}

#[account(zero_copy)]
pub struct Ledger {
    pub total: u64,
}

#[derive(Accounts)]
pub struct SecureSwapBooks<'info> {
    #[account(mut)]
    pub left: AccountLoader<'info, Ledger>,
    #[account(mut)]
    pub right: AccountLoader<'info, Ledger>,
    pub keeper: Signer<'info>,
}

#[derive(Accounts)]
pub struct SecureMoveTotal<'info> {
    #[account(mut)]
    pub source: AccountLoader<'info, Ledger>,
    #[account(mut)]
    pub sink: AccountLoader<'info, Ledger>,
    pub keeper: Signer<'info>,
}

#[derive(Accounts)]
pub struct InsecureMoveTotal<'info> {
    #[account(mut)]
    pub source: AccountLoader<'info, Ledger>,
    #[account(mut)]
    pub sink: AccountLoader<'info, Ledger>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
    pub keeper: Signer<'info>,
}

#[derive(Accounts)]
pub struct InsecureMoveDropped<'info> {
    #[account(mut)]
    pub source: AccountLoader<'info, Ledger>,
    #[account(mut)]
    pub sink: AccountLoader<'info, Ledger>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
    pub keeper: Signer<'info>,
}

#[derive(Accounts)]
pub struct InsecureSettle<'info> {
    #[account(mut)]
    pub from: Account<'info, Player>,
    #[account(mut)]
    pub to: Account<'info, Player>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
    pub referee: Signer<'info>,
}

#[derive(Accounts)]
pub struct SecureSettle<'info> {
    #[account(mut)]
    pub from: Account<'info, Player>,
    #[account(mut, constraint = to.key() != from.key() @ DupError::SameAccount)]
    pub to: Account<'info, Player>,
    pub referee: Signer<'info>,
}

#[derive(Accounts)]
pub struct InsecureSettleChecked<'info> {
    #[account(mut)]
    pub from: Account<'info, Player>,
    #[account(mut)]
    pub to: Account<'info, Player>,
    pub referee: Signer<'info>,
}

#[account]
pub struct Player {
    pub balance: u64,
}

#[error_code]
pub enum DupError {
    SameAccount,
}
