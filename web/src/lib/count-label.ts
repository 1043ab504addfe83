// The spec's count wording: "3 Student(s)", "2 Module(s) Assigned".
export const studentCount = (count: number) => `${count} Student(s)`;
export const moduleCount = (count: number) => `${count} Module(s)`;
