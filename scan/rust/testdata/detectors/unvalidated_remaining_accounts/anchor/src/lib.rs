//! Remaining accounts used without validation (Anchor): Anchor checks
//! nothing about ctx.remaining_accounts, so each one must be tied to the
//! instruction before the program trusts it.
use anchor_lang::prelude::*;

declare_id!("Rema111111111111111111111111111111111111111");

#[program]
pub mod remaining {
    use super::*;

    // Reads a price from the bytes of whatever account comes first.
    pub fn insecure_raw_price(ctx: Context<Quote>) -> Result<()> {
        let feed = &ctx.remaining_accounts[0];
        let data = feed.try_borrow_data()?; // want "SOLANA_UNVALIDATED_REMAINING_ACCOUNTS"
        let price = u64::from_le_bytes(data[8..16].try_into().unwrap());
        ctx.accounts.pool.last_price = price;
        Ok(())
    }

    // The feed's address is the one the pool stores.
    pub fn secure_raw_price(ctx: Context<Quote>) -> Result<()> {
        let feed = &ctx.remaining_accounts[0];
        require_keys_eq!(feed.key(), ctx.accounts.pool.feed, PoolError::WrongAccount);
        let data = feed.try_borrow_data()?;
        let price = u64::from_le_bytes(data[8..16].try_into().unwrap());
        ctx.accounts.pool.last_price = price;
        Ok(())
    }

    // Any Position of the program counts, whoever's pool it belongs to.
    pub fn insecure_sum_positions(ctx: Context<Quote>) -> Result<()> {
        let mut total = 0u64;
        for info in ctx.remaining_accounts.iter() {
            let position = Account::<Position>::try_from(info)?; // want "SOLANA_UNVALIDATED_REMAINING_ACCOUNTS"
            total = total.checked_add(position.liquidity).ok_or(PoolError::Overflow)?;
        }
        ctx.accounts.pool.total_liquidity = total;
        Ok(())
    }

    // Each Position must name this pool.
    pub fn secure_sum_positions(ctx: Context<Quote>) -> Result<()> {
        let mut total = 0u64;
        for info in ctx.remaining_accounts.iter() {
            let position = Account::<Position>::try_from(info)?;
            require_keys_eq!(position.pool, ctx.accounts.pool.key(), PoolError::WrongAccount);
            total = total.checked_add(position.liquidity).ok_or(PoolError::Overflow)?;
        }
        ctx.accounts.pool.total_liquidity = total;
        Ok(())
    }

    // try_from_unchecked skips the owner and discriminator checks.
    pub fn insecure_unchecked_load(ctx: Context<Quote>) -> Result<()> {
        let info = ctx.remaining_accounts.get(0).ok_or(PoolError::WrongAccount)?;
        let position = Account::<Position>::try_from_unchecked(info)?; // want "SOLANA_UNVALIDATED_REMAINING_ACCOUNTS"
        ctx.accounts.pool.total_liquidity = position.liquidity;
        Ok(())
    }

    // The owner is the program and the address is a PDA of the pool.
    pub fn secure_checked_owner(ctx: Context<Quote>) -> Result<()> {
        let info = ctx.remaining_accounts.get(0).ok_or(PoolError::WrongAccount)?;
        let (expected, _) = Pubkey::find_program_address(&[b"position", ctx.accounts.pool.key().as_ref()], &crate::ID);
        if !info.key().eq(&expected) {
            return err!(PoolError::WrongAccount);
        }
        let position = Account::<Position>::try_from_unchecked(info)?;
        ctx.accounts.pool.total_liquidity = position.liquidity;
        Ok(())
    }

    // Remaining accounts only logged or forwarded to a CPI whose program
    // checks them are not reads the program trusts.
    pub fn secure_log_only(ctx: Context<Quote>) -> Result<()> {
        for acc in ctx.remaining_accounts.iter() {
            msg!("extra {}", acc.key);
        }
        Ok(())
    }

    // Closures over the iterator: each loaded position is matched with a
    // key from the pool.
    pub fn secure_closure(ctx: Context<Quote>) -> Result<()> {
        let pool = ctx.accounts.pool.key();
        let n = ctx
            .remaining_accounts
            .iter()
            .map(|a| Account::<Position>::try_from(a))
            .filter(|p| p.as_ref().map(|p| p.pool == pool).unwrap_or(false))
            .count();
        msg!("{}", n);
        Ok(())
    }

    // A fee record stores no key of another account: any genuine
    // FeeConfig of the program (owner and type checked by try_from) will do.
    pub fn secure_standalone_config(ctx: Context<Quote>) -> Result<()> {
        let info = ctx.remaining_accounts.last().ok_or(PoolError::WrongAccount)?;
        let config: Account<FeeConfig> = Account::try_from(info)?;
        ctx.accounts.pool.last_price = config.fee_rate as u64;
        Ok(())
    }

    pub fn insecure_closure(ctx: Context<Quote>) -> Result<()> {
        let n = ctx
            .remaining_accounts
            .iter()
            .map(|a| Account::<Position>::try_from(a)) // want "SOLANA_UNVALIDATED_REMAINING_ACCOUNTS"
            .count();
        msg!("{}", n);
        Ok(())
    }
}

#[account]
pub struct Pool {
    pub feed: Pubkey,
    pub last_price: u64,
    pub total_liquidity: u64,
}

#[account]
pub struct FeeConfig {
    pub index: u16,
    pub fee_rate: u32,
}

#[account]
pub struct Position {
    pub pool: Pubkey,
    pub liquidity: u64,
}

#[derive(Accounts)]
pub struct Quote<'info> {
    #[account(mut)]
    pub pool: Account<'info, Pool>,
    pub authority: Signer<'info>,
}

#[error_code]
pub enum PoolError {
    WrongAccount,
    Overflow,
}
