//! Arbitrary CPI through a vendored spl-token (a path dependency): its
//! builders are not known to check the program id they are given.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program::invoke,
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

pub fn process_instruction(_program_id: &Pubkey, accounts: &[AccountInfo], _data: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let source = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let owner = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    let ix = spl_token::instruction::transfer(token_program.key, source.key, destination.key, owner.key, &[], 1)?;
    // Unsigned and nothing else done: the caller's own transfer, whatever program it names.
    invoke(&ix, &[source.clone(), destination.clone(), owner.clone(), token_program.clone()]) // want "SOLANA_ARBITRARY_CPI" severity=low
}
