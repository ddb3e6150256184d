//! Sums of stored values (native). A vesting account stores its schedules once, adding their
//! amounts with checked_add as it stores them; claiming later adds up the matured amounts
//! read back with an unchecked +=, which cannot overflow: the stored total was bounded when it
//! was stored. Grants are appended one by one, each call checking only its own amount, so
//! their stored total is bounded by nothing and the same sum can wrap.
use solana_program::{
    account_info::{next_account_info, AccountInfo},
    entrypoint,
    entrypoint::ProgramResult,
    msg,
    program_error::ProgramError,
    program_pack::{Pack, Sealed},
    pubkey::Pubkey,
};

entrypoint!(process_instruction);

pub struct Schedule {
    pub release_time: u64,
    pub amount: u64,
}

impl Sealed for Schedule {}

impl Pack for Schedule {
    const LEN: usize = 16;

    fn pack_into_slice(&self, dst: &mut [u8]) {
        dst[..8].copy_from_slice(&self.release_time.to_le_bytes());
        dst[8..16].copy_from_slice(&self.amount.to_le_bytes());
    }

    fn unpack_from_slice(src: &[u8]) -> Result<Self, ProgramError> {
        let release_time = u64::from_le_bytes(src[..8].try_into().map_err(|_| ProgramError::InvalidAccountData)?);
        let amount = u64::from_le_bytes(src[8..16].try_into().map_err(|_| ProgramError::InvalidAccountData)?);
        Ok(Self { release_time, amount })
    }
}

pub struct Grant {
    pub release_time: u64,
    pub amount: u64,
}

impl Sealed for Grant {}

impl Pack for Grant {
    const LEN: usize = 16;

    fn pack_into_slice(&self, dst: &mut [u8]) {
        dst[..8].copy_from_slice(&self.release_time.to_le_bytes());
        dst[8..16].copy_from_slice(&self.amount.to_le_bytes());
    }

    fn unpack_from_slice(src: &[u8]) -> Result<Self, ProgramError> {
        let release_time = u64::from_le_bytes(src[..8].try_into().map_err(|_| ProgramError::InvalidAccountData)?);
        let amount = u64::from_le_bytes(src[8..16].try_into().map_err(|_| ProgramError::InvalidAccountData)?);
        Ok(Self { release_time, amount })
    }
}

pub fn unpack_schedules(input: &[u8]) -> Result<Vec<Schedule>, ProgramError> {
    input.chunks(Schedule::LEN).map(Schedule::unpack_from_slice).collect()
}

pub fn unpack_grants(input: &[u8]) -> Result<Vec<Grant>, ProgramError> {
    input.chunks(Grant::LEN).map(Grant::unpack_from_slice).collect()
}

pub fn process_instruction(_program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let now = u64::from_le_bytes(data.get(1..9).and_then(|b| b.try_into().ok()).ok_or(ProgramError::InvalidInstructionData)?);
    match data.first() {
        Some(0) => secure_create(accounts, &data[9..]),
        Some(1) => secure_claim(accounts, now),
        Some(2) => insecure_add_grant(accounts, now),
        Some(3) => insecure_claim_grants(accounts, now),
        _ => Err(ProgramError::InvalidInstructionData),
    }
}

fn secure_create(accounts: &[AccountInfo], amounts: &[u8]) -> ProgramResult {
    let iter = &mut accounts.iter();
    let vesting = next_account_info(iter)?;
    if vesting.try_borrow_data()?[0] == 1 {
        return Err(ProgramError::AccountAlreadyInitialized);
    }
    let mut data = vesting.try_borrow_mut_data()?;
    data[0] = 1;
    let mut total: u64 = 0;
    let mut offset = 1;
    for chunk in amounts.chunks(8) {
        let amount = u64::from_le_bytes(chunk.try_into().map_err(|_| ProgramError::InvalidInstructionData)?);
        let schedule = Schedule { release_time: 0, amount: amount };
        schedule.pack_into_slice(&mut data[offset..]);
        total = total.checked_add(amount).ok_or(ProgramError::InvalidInstructionData)?;
        offset += Schedule::LEN;
    }
    msg!("vesting {}", total);
    Ok(())
}

fn secure_claim(accounts: &[AccountInfo], now: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let vesting = next_account_info(iter)?;
    let mut schedules = unpack_schedules(&vesting.try_borrow_data()?[1..])?;
    let mut matured = 0;
    for s in schedules.iter_mut() {
        if now >= s.release_time {
            matured += s.amount;
            s.amount = 0;
        }
    }
    msg!("claim {}", matured);
    Ok(())
}

fn insecure_add_grant(accounts: &[AccountInfo], amount: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let grants = next_account_info(iter)?;
    let mut data = grants.try_borrow_mut_data()?;
    let at = usize::from(data[0]).checked_mul(Grant::LEN).and_then(|n| n.checked_add(1)).ok_or(ProgramError::InvalidArgument)?;
    Grant { release_time: 0, amount }.pack_into_slice(&mut data[at..]);
    data[0] = data[0].checked_add(1).ok_or(ProgramError::InvalidArgument)?;
    Ok(())
}

fn insecure_claim_grants(accounts: &[AccountInfo], now: u64) -> ProgramResult {
    let iter = &mut accounts.iter();
    let grants = next_account_info(iter)?;
    let grants_list = unpack_grants(&grants.try_borrow_data()?[1..])?;
    let mut matured = 0;
    for g in grants_list.iter() {
        if now >= g.release_time {
            matured += g.amount; // want "SOLANA_UNCHECKED_ARITHMETIC"
        }
    }
    msg!("claim {}", matured);
    Ok(())
}
