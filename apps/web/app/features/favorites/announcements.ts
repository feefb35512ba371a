/** What the screen reader hears while a favourite is moved (aria-live, Korean). */
export const announce = {
  grabbed: (name: string, at: number, count: number) =>
    `${name} 종목을 잡았습니다. ${count}개 중 ${at}번째입니다. 위·아래 화살표로 옮기고 스페이스바로 내려놓으세요.`,
  moved: (name: string, at: number, count: number) => `${name}, ${count}개 중 ${at}번째`,
  dropped: (name: string, at: number, count: number) => `${name} 종목을 ${count}개 중 ${at}번째에 놓았습니다.`,
  cancelled: (name: string, at: number) => `순서 바꾸기를 취소했습니다. ${name} 종목은 ${at}번째 그대로입니다.`,
  edge: (name: string, at: number, count: number) => `${name} 종목은 이미 ${count}개 중 ${at}번째입니다.`,
};
