//! Account data matching (Anchor), issue 28 classes 2 and 3: a stored key matched in other
//! forms than ==. Each secure handler compares the feed's stored reporter with the signer's
//! key: cmp_pubkeys (a helper over sol_memcmp), sol_memcmp itself, assert_keys_equal, .eq() on
//! a key kept in a local, and Anchor's legacy string constraint. The insecure handlers use the
//! same forms on the wrong pair (the feed's admin), so the reporter stays unmatched.
use anchor_lang::prelude::*;
use anchor_lang::solana_program::program_memory::sol_memcmp;
use anchor_lang::solana_program::pubkey::PUBKEY_BYTES;

declare_id!("Form111111111111111111111111111111111111111");

pub fn cmp_pubkeys(a: &Pubkey, b: &Pubkey) -> bool {
    sol_memcmp(a.as_ref(), b.as_ref(), PUBKEY_BYTES) == 0
}

pub fn assert_keys_equal(a: Pubkey, b: Pubkey) -> Result<()> {
    if a != b {
        return err!(FormError::NotYours);
    }
    Ok(())
}

#[program]
pub mod forms {
    use super::*;

    pub fn secure_cmp(ctx: Context<ByCmp>, price: u64) -> Result<()> {
        require!(cmp_pubkeys(&ctx.accounts.reporter.key(), &ctx.accounts.feed.reporter), FormError::NotYours);
        ctx.accounts.feed.price = price;
        Ok(())
    }

    pub fn secure_memcmp(ctx: Context<ByMemcmp>, price: u64) -> Result<()> {
        if sol_memcmp(ctx.accounts.reporter.key.as_ref(), ctx.accounts.feed.reporter.as_ref(), PUBKEY_BYTES) != 0 {
            return err!(FormError::NotYours);
        }
        ctx.accounts.feed.price = price;
        Ok(())
    }

    pub fn secure_assert(ctx: Context<ByAssert>, price: u64) -> Result<()> {
        assert_keys_equal(ctx.accounts.reporter.key(), ctx.accounts.feed.reporter)?;
        ctx.accounts.feed.price = price;
        Ok(())
    }

    pub fn secure_eq_local(ctx: Context<ByEq>, price: u64) -> Result<()> {
        let who = ctx.accounts.reporter.key();
        require!(who.eq(&ctx.accounts.feed.reporter), FormError::NotYours);
        ctx.accounts.feed.price = price;
        Ok(())
    }

    pub fn secure_legacy(ctx: Context<ByLegacy>, price: u64) -> Result<()> {
        ctx.accounts.feed.price = price;
        Ok(())
    }

    pub fn insecure_cmp(ctx: Context<WrongCmp>, price: u64) -> Result<()> {
        require!(cmp_pubkeys(&ctx.accounts.reporter.key(), &ctx.accounts.feed.admin), FormError::NotYours);
        ctx.accounts.feed.price = price;
        Ok(())
    }

    pub fn insecure_eq_local(ctx: Context<WrongEq>, price: u64) -> Result<()> {
        let who = ctx.accounts.reporter.key();
        require!(who.eq(&ctx.accounts.feed.admin), FormError::NotYours);
        ctx.accounts.feed.price = price;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct ByCmp<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>,
}

#[derive(Accounts)]
pub struct ByMemcmp<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>,
}

#[derive(Accounts)]
pub struct ByAssert<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>,
}

#[derive(Accounts)]
pub struct ByEq<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>,
}

#[derive(Accounts)]
pub struct ByLegacy<'info> {
    pub reporter: Signer<'info>,
    #[account(mut, "feed.reporter == reporter.key()")]
    pub feed: Account<'info, Feed>,
}

#[derive(Accounts)]
pub struct WrongCmp<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
}

#[derive(Accounts)]
pub struct WrongEq<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
}

#[account]
pub struct Feed {
    pub reporter: Pubkey,
    pub admin: Pubkey,
    pub price: u64,
}

#[error_code]
pub enum FormError {
    NotYours,
}
