// The classes feature's public surface for other features (they import nothing else of it).
export { AssignToClasses } from './components/assign-to-classes';
export { TeacherClassGrid } from './components/teacher-class-grid';
