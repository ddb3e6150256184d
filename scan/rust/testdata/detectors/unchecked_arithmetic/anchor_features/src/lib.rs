//! Arithmetic under cargo features: a sum compiled only by a test build (test-sbf) is not in
//! the deployed program (informational); one under a feature the deployed build may turn on
//! (bonus) is the program's.
use anchor_lang::prelude::*;

declare_id!("Feat222222222222222222222222222222222222222");

#[program]
pub mod arith_features {
    use super::*;

    pub fn add(ctx: Context<Add>, amount: u64) -> Result<()> {
        let counter = &mut ctx.accounts.counter;
        #[cfg(feature = "test-sbf")]
        {
            counter.total += amount; // want "SOLANA_UNCHECKED_ARITHMETIC" severity=informational
        }
        #[cfg(feature = "bonus")]
        {
            counter.bonus += amount; // want "SOLANA_UNCHECKED_ARITHMETIC" severity=high
        }
        counter.total = counter.total.checked_add(amount).ok_or(ProgramError::InvalidArgument)?;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Add<'info> {
    pub user: Signer<'info>,
    #[account(mut, seeds = [b"counter", user.key().as_ref()], bump)]
    pub counter: Account<'info, Counter>,
}

#[account]
pub struct Counter {
    pub total: u64,
    pub bonus: u64,
}
