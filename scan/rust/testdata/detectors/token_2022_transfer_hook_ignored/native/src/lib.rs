//! Token-2022 transfer hooks (native): the instruction builder lists the
//! four base accounts; a hook mint's transfer also needs the hook program,
//! its validation account and the accounts that account lists.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    program::invoke_signed,
    pubkey::Pubkey,
};
use spl_token_2022::instruction::transfer_checked;

entrypoint!(process_instruction);

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let amount = u64::from_le_bytes(data[1..9].try_into().unwrap());
    match data[0] {
        0 => insecure_release(program_id, accounts, amount, data[9]),
        1 => secure_release_with_hook(program_id, accounts, amount, data[9]),
        _ => secure_release_extended(program_id, accounts, amount, data[9]),
    }
}

// Escrowed tokens paid out with the base accounts only.
fn insecure_release(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64, decimals: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let escrow = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    let (_, bump) = Pubkey::find_program_address(&[b"escrow"], program_id);
    invoke_signed(
        &transfer_checked( // want "SOLANA_TOKEN_2022_TRANSFER_HOOK_IGNORED"
            token_program.key,
            escrow.key,
            mint.key,
            destination.key,
            authority.key,
            &[],
            amount,
            decimals,
        )?,
        &[escrow.clone(), mint.clone(), destination.clone(), authority.clone()],
        &[&[b"escrow", &[bump]]],
    )
}

// The onchain helper resolves and appends the hook's accounts from the
// ones the caller passed.
fn secure_release_with_hook(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64, decimals: u8) -> ProgramResult {
    let iter = &mut accounts.iter();
    let escrow = next_account_info(iter)?;
    let mint = next_account_info(iter)?;
    let destination = next_account_info(iter)?;
    let authority = next_account_info(iter)?;
    let token_program = next_account_info(iter)?;
    let (_, bump) = Pubkey::find_program_address(&[b"escrow"], program_id);
    spl_token_2022::onchain::invoke_transfer_checked(
        token_program.key,
        escrow.clone(),
        mint.clone(),
        destination.clone(),
        authority.clone(),
        iter.as_slice(),
        amount,
        decimals,
        &[&[b"escrow", &[bump]]],
    )
}

// The instruction is built by hand and the hook's accounts, passed by the
// caller after the base ones, are appended to it.
fn secure_release_extended(program_id: &Pubkey, accounts: &[AccountInfo], amount: u64, decimals: u8) -> ProgramResult {
    let escrow = &accounts[0];
    let mint = &accounts[1];
    let destination = &accounts[2];
    let authority = &accounts[3];
    let token_program = &accounts[4];
    let (_, bump) = Pubkey::find_program_address(&[b"escrow"], program_id);
    let mut ix = transfer_checked(
        token_program.key,
        escrow.key,
        mint.key,
        destination.key,
        authority.key,
        &[],
        amount,
        decimals,
    )?;
    let mut infos = vec![escrow.clone(), mint.clone(), destination.clone(), authority.clone()];
    for extra in &accounts[5..] {
        ix.accounts.push(solana_program::instruction::AccountMeta {
            pubkey: *extra.key,
            is_signer: false,
            is_writable: extra.is_writable,
        });
        infos.push(extra.clone());
    }
    invoke_signed(&ix, &infos, &[&[b"escrow", &[bump]]])
}
