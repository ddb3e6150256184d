//! Oracle price used without its confidence interval (Pyth): a fresh
//! price can still be far from any tradable price when publishers disagree.
use anchor_lang::prelude::*;
use pyth_solana_receiver_sdk::price_update::{get_feed_id_from_hex, PriceUpdateV2};

declare_id!("Conf111111111111111111111111111111111111111");

pub const MAX_AGE: u64 = 60;
pub const MAX_CONF_PCT: u64 = 2;
pub const FEED: &str = "0xef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d";

#[program]
pub mod market {
    use super::*;

    pub fn insecure_value(ctx: Context<Value>, amount: u64) -> Result<()> {
        let feed_id = get_feed_id_from_hex(FEED)?;
        let price = ctx.accounts.price_update.get_price_no_older_than(&Clock::get()?, MAX_AGE, &feed_id)?; // want "SOLANA_ORACLE_CONFIDENCE_IGNORED"
        ctx.accounts.book.value = (amount as u128 * price.price as u128) as u64;
        Ok(())
    }

    pub fn secure_value(ctx: Context<Value>, amount: u64) -> Result<()> {
        let feed_id = get_feed_id_from_hex(FEED)?;
        let price = ctx.accounts.price_update.get_price_no_older_than(&Clock::get()?, MAX_AGE, &feed_id)?;
        require!(price.conf * 100 <= price.price.unsigned_abs() * MAX_CONF_PCT, MarketError::Uncertain);
        ctx.accounts.book.value = (amount as u128 * price.price as u128) as u64;
        Ok(())
    }

    // The helper hands the price on; this caller bounds its interval.
    pub fn secure_via_helper(ctx: Context<Value>) -> Result<()> {
        let price = fresh_price(&ctx.accounts.price_update)?;
        require!(price.conf <= price.price.unsigned_abs() / 50, MarketError::Uncertain);
        ctx.accounts.book.value = price.price as u64;
        Ok(())
    }
}

fn fresh_price(update: &PriceUpdateV2) -> Result<Price> {
    let feed_id = get_feed_id_from_hex(FEED)?;
    update.get_price_no_older_than(&Clock::get()?, MAX_AGE, &feed_id)
}

#[account]
pub struct Book {
    pub value: u64,
}

#[derive(Accounts)]
pub struct Value<'info> {
    #[account(mut)]
    pub book: Account<'info, Book>,
    pub price_update: Account<'info, PriceUpdateV2>,
}

#[error_code]
pub enum MarketError {
    Uncertain,
}
