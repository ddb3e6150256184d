//! Panics in instruction handlers (Anchor): unwrap, expect and panic!
//! abort the transaction with an opaque error instead of a program error.
use anchor_lang::prelude::*;

declare_id!("Pani1111111111111111111111111111111111111111");

#[program]
pub mod panics {
    use super::*;

    pub fn insecure_record(ctx: Context<Record>, price: u64, qty: u64) -> Result<()> {
        let book = &mut ctx.accounts.book;
        let notional = price.checked_mul(qty).unwrap(); // want "SOLANA_PANIC_IN_HANDLER"
        book.volume = book.volume.checked_add(notional).expect("volume overflow"); // want "SOLANA_PANIC_IN_HANDLER"
        if book.frozen {
            panic!("book is frozen"); // want "SOLANA_PANIC_IN_HANDLER"
        }
        Ok(())
    }

    pub fn secure_record(ctx: Context<Record>, price: u64, qty: u64) -> Result<()> {
        let book = &mut ctx.accounts.book;
        require!(!book.frozen, PanicError::Frozen);
        let notional = price.checked_mul(qty).ok_or(PanicError::Overflow)?;
        book.volume = book.volume.checked_add(notional).ok_or(PanicError::Overflow)?;
        let last = book.last_price.unwrap_or(price);
        book.last_price = Some(last.max(price));
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Record<'info> {
    #[account(mut, has_one = authority)]
    pub book: Account<'info, Book>,
    pub authority: Signer<'info>,
}

#[account]
pub struct Book {
    pub authority: Pubkey,
    pub volume: u64,
    pub frozen: bool,
    pub last_price: Option<u64>,
}

#[error_code]
pub enum PanicError {
    Frozen,
    Overflow,
}

#[cfg(test)]
mod tests {
    #[test]
    fn unwrap_in_tests_is_fine() {
        let v: Option<u8> = Some(1);
        assert_eq!(v.unwrap(), 1);
    }
}
