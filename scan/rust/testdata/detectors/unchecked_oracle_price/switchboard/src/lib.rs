//! Oracle prices used without a staleness check (Switchboard V2): the
//! aggregator's latest confirmed round can be arbitrarily old.
use anchor_lang::prelude::*;
use switchboard_solana::AggregatorAccountData;

declare_id!("Swbd111111111111111111111111111111111111111");

#[program]
pub mod perp {
    use super::*;

    pub fn insecure_mark(ctx: Context<Mark>) -> Result<()> {
        let feed = ctx.accounts.aggregator.load()?;
        let value: f64 = feed.get_result()?.try_into()?; // want "SOLANA_UNCHECKED_ORACLE_PRICE"
        ctx.accounts.market.mark_price = value as u64;
        Ok(())
    }

    pub fn secure_mark(ctx: Context<Mark>) -> Result<()> {
        let feed = ctx.accounts.aggregator.load()?;
        feed.check_staleness(Clock::get()?.unix_timestamp, 300)?;
        let value: f64 = feed.get_result()?.try_into()?;
        ctx.accounts.market.mark_price = value as u64;
        Ok(())
    }
}

#[account]
pub struct Market {
    pub mark_price: u64,
}

#[derive(Accounts)]
pub struct Mark<'info> {
    #[account(mut)]
    pub market: Account<'info, Market>,
    pub aggregator: AccountLoader<'info, AggregatorAccountData>,
}
