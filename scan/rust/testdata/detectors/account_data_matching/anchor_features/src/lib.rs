//! Code under cargo features. The default build (default = ["price-hooks"]) is the program
//! that is deployed. A hook compiled only with the test feature changes a feed no deployed
//! instruction can: its finding is true of a test build only (informational). A feature that
//! is off by default but not a test build (manual-feeds) may be on in the deployed build: its
//! code is analysed as the program's. A default feature's code is the program's.
use anchor_lang::prelude::*;

declare_id!("Feat111111111111111111111111111111111111111");

#[program]
pub mod features {
    use super::*;

    // The deployed build refuses; a test build lets any signer move the feed's clock.
    pub fn set_clock(ctx: Context<SetClock>, now: u64) -> Result<()> {
        let _feed = &mut ctx.accounts.feed;
        #[cfg(not(feature = "test"))]
        {
            let _ = now;
            err!(FeedError::TestOnly)
        }
        #[cfg(feature = "test")]
        {
            _feed.clock = now;
            Ok(())
        }
    }

    pub fn publish_manual(ctx: Context<PublishManual>, price: u64) -> Result<()> {
        #[cfg(feature = "manual-feeds")]
        {
            ctx.accounts.feed.price = price;
        }
        Ok(())
    }

    pub fn publish_hooked(ctx: Context<PublishHooked>, price: u64) -> Result<()> {
        #[cfg(feature = "price-hooks")]
        {
            ctx.accounts.feed.price = price;
        }
        Ok(())
    }
}

#[derive(Accounts)]
pub struct SetClock<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>, // want "SOLANA_ACCOUNT_DATA_MATCHING" severity=informational
}

#[derive(Accounts)]
pub struct PublishManual<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>, // want "SOLANA_ACCOUNT_DATA_MATCHING" severity=high
}

#[derive(Accounts)]
pub struct PublishHooked<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>, // want "SOLANA_ACCOUNT_DATA_MATCHING" severity=high
}

#[account]
pub struct Feed {
    pub reporter: Pubkey,
    pub price: u64,
    pub clock: u64,
}

#[error_code]
pub enum FeedError {
    TestOnly,
}
