//! Oracle prices used without a staleness check (Pyth): a feed that
//! stopped updating still returns its last price.
use anchor_lang::prelude::*;
use pyth_solana_receiver_sdk::price_update::{get_feed_id_from_hex, PriceUpdateV2};

declare_id!("Orac111111111111111111111111111111111111111");

pub const MAX_AGE: u64 = 60;
pub const FEED: &str = "0xef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d";

#[program]
pub mod lending {
    use super::*;

    pub fn insecure_borrow(ctx: Context<Borrow>, amount: u64) -> Result<()> {
        let feed_id = get_feed_id_from_hex(FEED)?;
        let price = ctx.accounts.price_update.get_price_unchecked(&feed_id)?; // want "SOLANA_UNCHECKED_ORACLE_PRICE"
        ctx.accounts.obligation.debt_value = (amount as u128 * price.price as u128) as u64;
        Ok(())
    }

    pub fn secure_borrow(ctx: Context<Borrow>, amount: u64) -> Result<()> {
        let feed_id = get_feed_id_from_hex(FEED)?;
        let price = ctx.accounts.price_update.get_price_no_older_than(&Clock::get()?, MAX_AGE, &feed_id)?;
        ctx.accounts.obligation.debt_value = (amount as u128 * price.price as u128) as u64;
        Ok(())
    }

    // Reads unchecked, then compares publish_time with the clock itself.
    pub fn secure_manual_age(ctx: Context<Borrow>, amount: u64) -> Result<()> {
        let feed_id = get_feed_id_from_hex(FEED)?;
        let price = ctx.accounts.price_update.get_price_unchecked(&feed_id)?;
        let now = Clock::get()?.unix_timestamp;
        require!(now - price.publish_time <= MAX_AGE as i64, LendingError::StalePrice);
        ctx.accounts.obligation.debt_value = (amount as u128 * price.price as u128) as u64;
        Ok(())
    }

    // The helper hands the unchecked price to this handler, which never
    // looks at its age.
    pub fn insecure_liquidate(ctx: Context<Borrow>) -> Result<()> {
        let value = collateral_value(&ctx.accounts.price_update, ctx.accounts.obligation.collateral)?;
        require!(value < ctx.accounts.obligation.debt_value, LendingError::Healthy);
        ctx.accounts.obligation.collateral = 0;
        Ok(())
    }
}

fn collateral_value(update: &PriceUpdateV2, amount: u64) -> Result<u64> {
    let feed_id = get_feed_id_from_hex(FEED)?;
    let price = update.get_price_unchecked(&feed_id)?; // want "SOLANA_UNCHECKED_ORACLE_PRICE"
    Ok((amount as u128 * price.price as u128) as u64)
}

// Every caller of this helper judges the age of the price it returns.
fn spot_price(update: &PriceUpdateV2) -> Result<Price> {
    let feed_id = get_feed_id_from_hex(FEED)?;
    update.get_price_unchecked(&feed_id)
}

pub fn secure_quote(update: &PriceUpdateV2, now: i64) -> Result<i64> {
    let price = spot_price(update)?;
    require!(now - price.publish_time <= MAX_AGE as i64, LendingError::StalePrice);
    Ok(price.price)
}

#[account]
pub struct Obligation {
    pub collateral: u64,
    pub debt_value: u64,
}

#[derive(Accounts)]
pub struct Borrow<'info> {
    #[account(mut)]
    pub obligation: Account<'info, Obligation>,
    pub price_update: Account<'info, PriceUpdateV2>,
    pub owner: Signer<'info>,
}

#[error_code]
pub enum LendingError {
    StalePrice,
    Healthy,
}
